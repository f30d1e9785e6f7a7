import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { calculateBusiness, calculateHousehold, FACTOR_SET_YEAR } from '@app/contract';
import { businessCarbonSaves, orderItems } from '../src/db/schema/index.ts';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Carbon for businesses: members save their household footprints into the business (numbers are
 * the server's, a repeat adds nothing), the owner records spend and reads the roll-up with the
 * offsets retired through the business's paid orders.
 */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let member: Person;
let stranger: Person;
let business: { id: string; businessCode: string; businessSlug: string; joinCodes: { employee: string } };

const SAVE = '/api/v1/business-user-profiles/save-carbon-calculations';
const ROLLUP = (code: string) => `/api/v1/business-profiles/get/carbon-calculations?businessCode=${encodeURIComponent(code)}`;
const INPUTS = (code: string) => `/api/v1/business-profiles/carbon-inputs/${encodeURIComponent(code)}`;
const GB = 4.526;
const household = (members: number) => ({ country: 'GB', houseHoldMembers: members, publicTransportationMembers: 0, income: 'medium' });
const expectedHousehold = (members: number) => calculateHousehold({ carbonCountryPerCapita: GB, houseHoldMembers: members, publicTransportationMembers: 0, income: 'medium' }).total;
const saveCalc = (person: Person | null, members: number, extra: Record<string, unknown> = {}) =>
  call(app, person?.token ?? null, 'PATCH', SAVE, { calculation: { kind: 'household', inputs: household(members) }, ...extra });

/** Model B1 (MODEL.md §7): 13,269.0 kg. */
const B1 = { spend: [{ naics: '481111', usd: 10_000 }, { naics: '721110', usd: 5_000 }, { naics: '541511', usd: 20_000 }, { naics: '722511', usd: 3_000 }] };

beforeAll(async () => {
  app = await createTestApp();
  [owner, member, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  business = await createBusiness(app, owner.token, { name: 'Carbon Counting Ltd' });
  const joined = await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
  expect(joined.status).toBe(201);
});
afterAll(async () => app?.close());

describe('PATCH save-carbon-calculations', () => {
  it('saves a calculation the server computes (a client total is ignored) and is idempotent for the same inputs in any key order', async () => {
    const first = await call(app, member.token, 'PATCH', SAVE, { calculation: { kind: 'household', inputs: { ...household(3), totalCarbonEmissions: 1 }, total: 1 } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ kind: 'household', created: true, businessId: business.id, businessCode: business.businessCode, userId: member.id, footprintId: null, factorSetYear: FACTOR_SET_YEAR });
    expect(first.body.data.totalKg).toBeCloseTo(expectedHousehold(3), 6);
    expect(first.body.data.totalKg).toBeGreaterThan(1000);

    const reordered = { income: 'medium', publicTransportationMembers: 0, houseHoldMembers: 3, country: 'gb', houseSize: 'medium' };
    const again = await call(app, member.token, 'PATCH', SAVE, { calculation: { inputs: reordered, kind: 'household' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: first.body.data._id, created: false, totalKg: first.body.data.totalKg });

    const stats = await call(app, owner.token, 'GET', `/api/v1/business-user-profiles/business/stats/${business.id}`);
    expect(stats.body.data.withFootprint).toBe(1);
    expect(stats.body.data.footprintKg).toBeCloseTo(expectedHousehold(3), 6);
  });

  it('saves one of the caller’s own saved footprints by id, once; refuses others’ (404) and non-household ones (400)', async () => {
    const saved = await call(app, member.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: household(1) });
    expect(saved.status).toBe(201);
    const byId = await call(app, member.token, 'PATCH', SAVE, { footprintId: saved.body.data._id });
    expect(byId.status).toBe(201);
    expect(byId.body.data).toMatchObject({ footprintId: saved.body.data._id, totalKg: saved.body.data.total, created: true });
    expect(byId.body.data.totalKg).toBeCloseTo(expectedHousehold(1), 6);
    const repeat = await call(app, member.token, 'PATCH', SAVE, { footprintId: saved.body.data._id });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data._id).toBe(byId.body.data._id);

    const othersFootprint = await call(app, stranger.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: household(2) });
    const refused = await call(app, member.token, 'PATCH', SAVE, { footprintId: othersFootprint.body.data._id });
    expect(refused.status).toBe(404);
    expect((await call(app, member.token, 'PATCH', SAVE, { footprintId: '0190a1b2-c3d4-7e5f-8a9b-0000000000ff' })).status).toBe(404);

    const flights = await call(app, member.token, 'POST', '/api/v1/carbon/footprints', { kind: 'flights', inputs: { legs: [{ distanceKm: 1000 }] } });
    const wrongKind = await call(app, member.token, 'PATCH', SAVE, { footprintId: flights.body.data._id });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.fields).toHaveProperty('footprintId');
  });

  it('refuses visitors (401), people without a business (403), businesses they are not in (403), unknown codes (404) and bad bodies (400)', async () => {
    expect((await saveCalc(null, 2)).status).toBe(401);
    const loner = await saveCalc(stranger, 2);
    expect(loner.status).toBe(403);
    expect(loner.body.code).toBe('FORBIDDEN');
    expect((await saveCalc(stranger, 2, { businessCode: business.businessCode })).status).toBe(403);
    expect((await saveCalc(member, 2, { businessCode: 'NOPE-ABCDEF' })).status).toBe(404);
    const otherOwner = await quickBuyer(app);
    const other = await createBusiness(app, otherOwner.token, { name: 'Elsewhere Ltd' });
    expect((await saveCalc(member, 2, { businessCode: other.businessCode })).status).toBe(403);

    const bad: unknown[] = [
      {},
      { footprintId: 'not-an-id' },
      { footprintId: '0190a1b2-c3d4-7e5f-8a9b-0000000000ff', calculation: { kind: 'household', inputs: household(2) } },
      { calculation: { kind: 'event', inputs: { attendees: [{ count: 1 }] } } },
      { calculation: { kind: 'flights', inputs: { legs: [{ distanceKm: 100 }] } } },
      { calculation: { kind: 'household', inputs: { ...household(2), country: 'ZZ' } } },
      { calculation: { kind: 'household', inputs: { ...household(2), houseHoldMembers: 0 } } },
      { calculation: { kind: 'household', inputs: { ...household(2), publicTransportationMembers: 5 } } },
      { calculation: { kind: 'nope', inputs: {} } },
      { calculation: 'household' },
      { calculation: { kind: 'household', inputs: household(2) }, extra: true },
    ];
    for (const body of bad) {
      const response = await call(app, member.token, 'PATCH', SAVE, body);
      expect(response.status, `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const unknownCountry = await call(app, member.token, 'PATCH', SAVE, { calculation: { kind: 'household', inputs: { ...household(2), country: 'ZZ' } } });
    expect(Object.keys(unknownCountry.body.fields)).toEqual(['calculation.inputs.country']);
  });

  it('keeps one save when the same person sends the same calculation ten times at once', async () => {
    const racer = await quickBuyer(app);
    await call(app, racer.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
    const results = await Promise.all(Array.from({ length: 10 }, () => saveCalc(racer, 4)));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    const rows = await app.database.db.select().from(businessCarbonSaves).where(eq(businessCarbonSaves.userId, racer.id));
    expect(rows).toHaveLength(1);
    // Leave so the roll-up below counts only the people it names.
    await call(app, racer.token, 'PUT', '/api/v1/business-user-profiles/exit/business');
  });
});

describe('owner inputs and the roll-up', () => {
  it('is owner only: 401 visitor, 403 member and stranger, 404 unknown business, 400 bad code', async () => {
    for (const [method, url, body] of [
      ['GET', ROLLUP(business.businessCode), undefined],
      ['PUT', INPUTS(business.businessCode), B1],
    ] as const) {
      expect((await call(app, null, method, url, body)).status).toBe(401);
      for (const person of [member, stranger]) {
        const refused = await call(app, person.token, method, url, body);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
      }
    }
    expect((await call(app, owner.token, 'GET', ROLLUP('NOPE-ABCDEF'))).status).toBe(404);
    expect((await call(app, owner.token, 'PUT', INPUTS('NOPE-ABCDEF'), B1)).status).toBe(404);
    expect((await call(app, owner.token, 'GET', '/api/v1/business-profiles/get/carbon-calculations')).status).toBe(400);
    expect((await call(app, owner.token, 'GET', ROLLUP('a b'))).status).toBe(400);
  });

  it('starts with no inputs: operations null, people counted, no offsets', async () => {
    const rollup = await call(app, owner.token, 'GET', ROLLUP(business.businessCode.toLowerCase()));
    expect(rollup.status, JSON.stringify(rollup.body)).toBe(200);
    expect(rollup.body.data).toMatchObject({ businessId: business.id, inputs: null, operations: null, unit: 'kg CO2e', offsets: { tonnesRetired: 0, orders: 0 } });
    // The member's current footprint is their latest save: the 1-person household saved by id.
    expect(rollup.body.data.people.withFootprint).toBe(1);
    expect(rollup.body.data.people.totalKg).toBeCloseTo(expectedHousehold(1), 6);
    expect(rollup.body.data.totalKg).toBeCloseTo(expectedHousehold(1), 6);
    expect(rollup.body.data.categories.map((c: { key: string }) => c.key)).toEqual(['people']);
  });

  it('computes spend categories with the contract (model B1 = 13,269 kg), adds members and owner, and answers after a PUT', async () => {
    const put = await call(app, owner.token, 'PUT', INPUTS(business.businessCode), { ...B1, hotelStays: [{ country: 'GB', nights: 10 }], flights: [{ from: 'LHR', to: 'JFK', roundTrip: true }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const contract = calculateBusiness({ spend: B1.spend, hotelStays: [{ country: 'GB', nights: 10 }], flights: [{ from: { latitude: 51.4706, longitude: -0.461941 }, to: { latitude: 40.639801, longitude: -73.7789 }, roundTrip: true }] });
    const data = put.body.data;
    expect(data.operations.breakdown.purchasedGoodsAndServices).toBeCloseTo(13_269, 6);
    expect(data.operations.breakdown.hotels).toBeCloseTo(contract.breakdown.hotels, 6);
    expect(data.operations.breakdown.flights).toBeCloseTo(contract.breakdown.flights, 0);
    const byKey = Object.fromEntries(data.categories.map((c: { key: string; kg: number }) => [c.key, c]));
    expect(byKey['naics:481111']).toMatchObject({ kind: 'spend', usd: 10_000, kgPerUsd: 0.976 });
    expect(byKey['naics:481111'].kg).toBeCloseTo(9_760, 6);
    expect(byKey['naics:541511'].kg).toBeCloseTo(1_940, 6);
    expect(byKey.hotels.kg).toBeCloseTo(contract.breakdown.hotels, 6);
    expect(byKey.flights.kind).toBe('flights');
    // Largest first.
    const kgs = data.categories.map((c: { kg: number }) => c.kg);
    expect([...kgs].sort((a, b) => b - a)).toEqual(kgs);

    // The owner saves too; the member's latest save is the 3-person household again.
    expect((await saveCalc(owner, 2)).status).toBe(201);
    expect((await saveCalc(member, 3)).status).toBe(200);
    const rollup = (await call(app, owner.token, 'GET', ROLLUP(business.businessCode))).body.data;
    const people = expectedHousehold(2) + expectedHousehold(3);
    expect(rollup.people.withFootprint).toBe(2);
    expect(rollup.people.activeMembers).toBe(1);
    expect(rollup.people.totalKg).toBeCloseTo(people, 6);
    expect(rollup.people.list.map((p: { userId: string; role: string }) => [p.userId, p.role])).toEqual([
      [member.id, 'employee'],
      [owner.id, 'owner'],
    ]);
    expect(rollup.totalKg).toBeCloseTo(rollup.operations.total + people, 6);
    expect(rollup.inputs.spend).toEqual(B1.spend);
  });

  it('drops members who left from the roll-up', async () => {
    const leaver = await quickBuyer(app);
    await call(app, leaver.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
    await saveCalc(leaver, 5);
    const before = (await call(app, owner.token, 'GET', ROLLUP(business.businessCode))).body.data.people;
    expect(before.withFootprint).toBe(3);
    await call(app, leaver.token, 'PUT', '/api/v1/business-user-profiles/exit/business');
    const after = (await call(app, owner.token, 'GET', ROLLUP(business.businessCode))).body.data.people;
    expect(after.withFootprint).toBe(2);
    expect(after.totalKg).toBeCloseTo(before.totalKg - expectedHousehold(5), 6);
  });

  it('counts offset tonnes of the business’s paid orders only', async () => {
    const products = app.catalog.snapshot().products;
    const offset = products.find((p) => p.kind === 'offset')!;
    const goods = products.find((p) => p.kind === 'goods')!;
    const paid = await insertOrder(app, { userId: member.id, productIds: [offset.id, goods.id], businessId: business.id });
    await app.database.db.update(orderItems).set({ quantity: 3 }).where(eq(orderItems.orderId, paid));
    await insertOrder(app, { userId: owner.id, productIds: [offset.id], businessId: business.id });
    await insertOrder(app, { userId: owner.id, productIds: [offset.id], businessId: business.id, status: 'pending' });
    await insertOrder(app, { userId: owner.id, productIds: [offset.id], businessId: business.id, status: 'refunded' });
    await insertOrder(app, { userId: owner.id, productIds: [offset.id] });
    const rollup = (await call(app, owner.token, 'GET', ROLLUP(business.businessCode))).body.data;
    expect(rollup.offsets).toEqual({ tonnesRetired: 4, orders: 2 });
  });

  it('refuses bad inputs with 400 naming the field, keeps the last good ones, and clears with empty lists', async () => {
    const bad: Array<[unknown, string]> = [
      [{ spend: [{ naics: '999999', usd: 10 }] }, 'spend.0.naics'],
      [{ spend: [{ naics: '12', usd: 10 }] }, 'spend.0.naics'],
      [{ spend: [{ naics: '541511', usd: -1 }] }, 'spend.0.usd'],
      [{ spend: [{ naics: '541511', usd: 'lots' }] }, 'spend.0.usd'],
      [{ flights: [{ from: 'QQQ', to: 'JFK' }] }, 'flights.0.from'],
      [{ hotelStays: [{ country: 'XX', nights: 1 }] }, 'hotelStays.0.country'],
      [{ spend: Array.from({ length: 501 }, () => ({ naics: '541511', usd: 1 })) }, 'spend'],
      [{ spend: 'all of it' }, 'spend'],
    ];
    for (const [body, field] of bad) {
      const response = await call(app, owner.token, 'PUT', INPUTS(business.businessCode), body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(Object.keys(response.body.fields ?? {}), JSON.stringify(response.body)).toContain(field);
    }
    const kept = (await call(app, owner.token, 'GET', ROLLUP(business.businessCode))).body.data;
    expect(kept.inputs.spend).toEqual(B1.spend);

    const cleared = await call(app, owner.token, 'PUT', INPUTS(business.businessCode), { spend: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ inputs: null, operations: null });
    expect(cleared.body.data.categories.map((c: { key: string }) => c.key)).toEqual(['people']);
  });
});
