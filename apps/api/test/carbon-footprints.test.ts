import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { calculateHousehold, FACTOR_SET_YEAR } from '@app/contract';
import { SAVED_FOOTPRINT_LIMITS } from '@app/contract/footprints';
import { carbonFootprints } from '../src/db/schema/index.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';

/** Saved footprints: recomputed by the server, owned, newest first, bounded. */
describe('saved footprints', () => {
  let app: FastifyInstance;
  let owner: { token: string };
  let other: { token: string };
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
    owner = await registerVerified(app);
    other = await registerVerified(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const household = { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' };
  const save = (token: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/carbon/footprints', headers: token ? bearer(token) : {}, payload: payload as object });
  const list = (token: string, query = '') => app.inject({ method: 'GET', url: `/api/v1/carbon/footprints${query}`, headers: bearer(token) });

  it('saves a household calculation with the result the server computed, ignoring any client result', async () => {
    const response = await save(owner.token, { kind: 'household', inputs: household, result: { total: 1 }, total: 1 });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = json(response);
    const expected = calculateHousehold({ carbonCountryPerCapita: 4.526, houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' });
    expect(data).toMatchObject({ kind: 'household', total: expected.total, factorSetYear: FACTOR_SET_YEAR });
    expect(data.result.breakdown).toEqual(expected.breakdown);
    // Defaults are stored with the inputs, so the saved calculation can be replayed exactly.
    expect(data.inputs).toMatchObject({ ...household, houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' });
    expect(Date.parse(data.createdAt)).not.toBeNaN();
  });

  it('saves flights, event and business calculations too', async () => {
    const flights = json(await save(owner.token, { kind: 'flights', inputs: { legs: [{ from: 'LHR', to: 'JFK', roundTrip: true }] } }));
    expect(flights.data.result.legs[0]).toMatchObject({ from: 'LHR', to: 'JFK', band: 'longHaul' });
    const event = await save(owner.token, { kind: 'event', inputs: { attendees: [{ count: 10, meals: [{ type: 'vegan', count: 2 }] }] } });
    expect(event.statusCode, event.body).toBe(201);
    const business = await save(owner.token, { kind: 'business', inputs: { spend: [{ naics: '541511', usd: 1000 }] } });
    expect(business.statusCode, business.body).toBe(201);
    expect(json(business).data.total).toBeGreaterThan(0);
  });

  it('lists newest first with page metadata, filters by kind, and answers the latest', async () => {
    const all = json(await list(owner.token));
    expect(all.meta).toEqual({ page: 1, size: 20, total: 4 });
    expect(all.data.map((f: { kind: string }) => f.kind)).toEqual(['business', 'event', 'flights', 'household']);
    const page2 = json(await list(owner.token, '?page=2&size=3'));
    expect(page2.data.map((f: { kind: string }) => f.kind)).toEqual(['household']);
    expect(page2.meta).toEqual({ page: 2, size: 3, total: 4 });
    const households = json(await list(owner.token, '?kind=household'));
    expect(households.meta.total).toBe(1);

    const latest = json(await app.inject({ method: 'GET', url: '/api/v1/carbon/footprints/latest', headers: bearer(owner.token) }));
    expect(latest.data.kind).toBe('business');
    const latestHousehold = json(await app.inject({ method: 'GET', url: '/api/v1/carbon/footprints/latest?kind=household', headers: bearer(owner.token) }));
    expect(latestHousehold.data.kind).toBe('household');
    const none = await app.inject({ method: 'GET', url: '/api/v1/carbon/footprints/latest', headers: bearer(other.token) });
    expect(none.statusCode).toBe(200);
    expect(json(none).data).toBeNull();
    expect(json(await list(other.token)).data).toEqual([]);
  });

  it('deletes only the owner\'s footprint: someone else\'s id answers 404 and stays', async () => {
    const [first] = json(await list(owner.token)).data;
    const foreign = await app.inject({ method: 'DELETE', url: `/api/v1/carbon/footprints/${first._id}`, headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).code).toBe('NOT_FOUND');
    expect(json(await list(owner.token)).meta.total).toBe(4);

    const own = await app.inject({ method: 'DELETE', url: `/api/v1/carbon/footprints/${first._id}`, headers: bearer(owner.token) });
    expect(own.statusCode).toBe(200);
    expect(json(await list(owner.token)).meta.total).toBe(3);
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/carbon/footprints/${first._id}`, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'DELETE', url: '/api/v1/carbon/footprints/not-an-id', headers: bearer(owner.token) });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).fields).toHaveProperty('id');
  });

  it('requires a session for every call (401)', async () => {
    expect((await save(undefined, { kind: 'household', inputs: household })).statusCode).toBe(401);
    for (const url of ['/api/v1/carbon/footprints', '/api/v1/carbon/footprints/latest']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/carbon/footprints/0190b8d5-0000-7000-8000-000000000000' })).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = json(await list(owner.token)).meta.total;
    const cases: Array<[unknown, string]> = [
      [{ kind: 'garden', inputs: household }, 'kind'],
      [{ kind: 'household' }, 'inputs'],
      [{ kind: 'household', inputs: { ...household, country: 'XX' } }, 'inputs.country'],
      [{ kind: 'household', inputs: { ...household, houseHoldMembers: -1 } }, 'inputs.houseHoldMembers'],
      [{ kind: 'household', inputs: { ...household, publicTransportationMembers: 3 } }, 'inputs.publicTransportationMembers'],
      [{ kind: 'flights', inputs: { legs: [{ from: 'ZZZ', to: 'JFK' }] } }, 'inputs.legs.0.from'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(owner.token, payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(json(response).fields ?? {}).join(' '), response.body).toContain(field);
    }
    expect((await list(owner.token, '?size=0')).statusCode).toBe(400);
    expect((await list(owner.token, '?kind=garden')).statusCode).toBe(400);
    expect(json(await list(owner.token)).meta.total).toBe(before);
  });

  it('refuses inputs larger than the stored-inputs limit', async () => {
    const legs = Array.from({ length: 500 }, () => ({ distanceKm: 1234.5678901234, cabin: 'economy', roundTrip: true, travellers: 99999 }));
    const response = await save(owner.token, { kind: 'flights', inputs: { legs } });
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response).fields).toHaveProperty('inputs');
  });

  it(`keeps at most ${SAVED_FOOTPRINT_LIMITS.maxPerDay} saves a day (429) and ${SAVED_FOOTPRINT_LIMITS.maxKept} in all (409)`, async () => {
    const heavy = await registerVerified(app);
    const heavyId: string = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(heavy.token) })).data._id;
    expect(heavyId).toBeTruthy();
    const row = (createdAt: Date) => ({ userId: heavyId, kind: 'household', inputs: household, result: {}, total: 1, factorSetYear: FACTOR_SET_YEAR, createdAt });
    await app.database.db.insert(carbonFootprints).values(Array.from({ length: SAVED_FOOTPRINT_LIMITS.maxPerDay }, () => row(new Date())));
    const daily = await save(heavy.token, { kind: 'household', inputs: household });
    expect(daily.statusCode, daily.body).toBe(429);
    expect(json(daily).message).toMatch(/last 24 hours/);

    const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await app.database.db.delete(carbonFootprints);
    await app.database.db.insert(carbonFootprints).values(Array.from({ length: SAVED_FOOTPRINT_LIMITS.maxKept }, () => row(old)));
    const full = await save(heavy.token, { kind: 'household', inputs: household });
    expect(full.statusCode, full.body).toBe(409);
    expect(json(full).message).toMatch(/Delete some older ones/);
  });

  it('lets a burst of simultaneous saves past no limit: exactly the remaining allowance is saved', async () => {
    const burst = await registerVerified(app);
    const burstId: string = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(burst.token) })).data._id;
    const allowance = 5;
    const already = SAVED_FOOTPRINT_LIMITS.maxPerDay - allowance;
    await app.database.db.insert(carbonFootprints).values(
      Array.from({ length: already }, () => ({ userId: burstId, kind: 'household', inputs: household, result: {}, total: 1, factorSetYear: FACTOR_SET_YEAR, createdAt: new Date() })),
    );
    const answers = await Promise.all(Array.from({ length: 25 }, () => save(burst.token, { kind: 'household', inputs: household })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(allowance);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - allowance);
    const listed = json(await list(burst.token, '?size=1'));
    expect(listed.meta.total).toBe(SAVED_FOOTPRINT_LIMITS.maxPerDay);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/carbon/footprints', '/api/v1/carbon/footprints/latest', '/api/v1/carbon/footprints/{id}', '/api/v1/sustainability-profile', '/api/v1/sustainability-profiles/{slug}', '/api/v1/uploads']),
    );
  });
});
