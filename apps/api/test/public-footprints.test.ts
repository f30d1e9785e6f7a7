import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { impactSchema } from '@app/contract/impact';
import { businessSustainabilityProfiles, sustainabilityProfiles } from '../src/db/schema/index.ts';
import { registerVerified } from './auth-helpers.ts';
import { insertBusiness } from './business-fixtures.ts';
import { call } from './business-helpers.ts';
import { createTestApp, json } from './helper.ts';

/**
 * Issue 26 item 17: public sustainability pages show the footprints their owner chose to make
 * public, and nothing else. A footprint is private until its owner ticks it; only the owner can.
 */
describe('footprints shown on public pages', () => {
  let app: FastifyInstance;
  type Person = Awaited<ReturnType<typeof registerVerified>>;
  let owner: Person;
  let stranger: Person;
  let slug: string;
  let businessSlug: string;
  const household = { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' };

  const publicOf = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return impactSchema.strict().parse(json(response).data).publicFootprints;
  };
  /** The change reaches the read model by NOTIFY after the write: poll briefly. */
  const shownSoon = (url: string, count: number) => expect.poll(async () => (await publicOf(url)).length, { timeout: 3000, interval: 20 }).toBe(count);

  beforeAll(async () => {
    app = await createTestApp();
    owner = await registerVerified(app, { firstName: 'Ada', lastName: 'Greenwood' });
    stranger = await registerVerified(app, { firstName: 'Sam', lastName: 'Stranger' });
    slug = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: { authorization: `Bearer ${owner.token}` } })).data.slug;
    await app.database.db.insert(sustainabilityProfiles).values({ userId: owner.user._id, title: 'Ada at home', name: 'Ada', showName: true });
    const business = await insertBusiness(app, owner.user._id);
    businessSlug = business.businessSlug!;
    await app.database.db.insert(businessSustainabilityProfiles).values({ businessId: business.id, title: 'Greenleaf', name: 'Greenleaf', showName: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps a saved footprint private until its owner makes it public, and hides it again when asked', async () => {
    const saved = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: household });
    expect(saved.status).toBe(201);
    expect(saved.body.data.public).toBe(false);
    const id = saved.body.data._id;
    expect(await publicOf(`/api/v1/impact/users/${slug}`)).toEqual([]);

    const shown = await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${id}`, { public: true });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.public).toBe(true);
    expect(shown.body.message).toBe('Shown on your public page');
    await shownSoon(`/api/v1/impact/users/${slug}`, 1);
    const [listed] = await publicOf(`/api/v1/impact/users/${slug}`);
    expect(listed).toEqual({ kind: 'household', totalKg: saved.body.data.total, createdAt: saved.body.data.createdAt });
    // The owner's list says so too.
    const own = await call(app, owner.token, 'GET', '/api/v1/carbon/footprints');
    expect(own.body.data.find((f: { _id: string }) => f._id === id).public).toBe(true);
    // A household footprint is a person's: the business page does not list it.
    expect(await publicOf(`/api/v1/impact/businesses/${businessSlug}`)).toEqual([]);

    const hidden = await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${id}`, { public: false });
    expect(hidden.body.message).toBe('No longer shown on your public page');
    await shownSoon(`/api/v1/impact/users/${slug}`, 0);
  });

  it("lists its owner's public business footprints on the business's page, and a person's flights only on theirs", async () => {
    const spend = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'business', inputs: { spend: [{ naics: '541511', usd: 1000 }] } });
    const flights = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'flights', inputs: { legs: [{ distanceKm: 1000 }] } });
    expect([spend.status, flights.status]).toEqual([201, 201]);
    await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${spend.body.data._id}`, { public: true });
    await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${flights.body.data._id}`, { public: true });
    await shownSoon(`/api/v1/impact/businesses/${businessSlug}`, 1);
    expect((await publicOf(`/api/v1/impact/businesses/${businessSlug}`))[0]).toMatchObject({ kind: 'business', totalKg: spend.body.data.total });
    // The person's page lists both: their own choices.
    await shownSoon(`/api/v1/impact/users/${slug}`, 2);
  });

  it("refuses another person's footprint as if it did not exist, and leaves it private", async () => {
    const saved = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: household });
    const id = saved.body.data._id;
    const attempt = await call(app, stranger.token, 'PATCH', `/api/v1/carbon/footprints/${id}`, { public: true });
    expect(attempt.status).toBe(404);
    expect(JSON.stringify(attempt.body)).not.toContain(owner.email);
    const own = await call(app, owner.token, 'GET', '/api/v1/carbon/footprints');
    expect(own.body.data.find((f: { _id: string }) => f._id === id).public).toBe(false);
    expect((await call(app, null, 'PATCH', `/api/v1/carbon/footprints/${id}`, { public: true })).status).toBe(401);
  });

  it('answers 400 naming the field for a body that is not a yes or no', async () => {
    const saved = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: household });
    const id = saved.body.data._id;
    for (const body of [{ public: 'yes' }, {}, { public: true, total: 1 }, [true]]) {
      const refused = await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.success).toBe(false);
    }
    const named = await call(app, owner.token, 'PATCH', `/api/v1/carbon/footprints/${id}`, { public: 'yes' });
    expect(JSON.stringify(named.body)).toContain('public');
    expect((await call(app, owner.token, 'PATCH', '/api/v1/carbon/footprints/not-a-uuid', { public: true })).status).toBe(400);
  });
});
