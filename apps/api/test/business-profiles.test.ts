import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/** Business profiles (spec §7 Business): created and edited by their owner, read publicly by code. */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  app = await createTestApp();
  [owner, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
});
afterAll(async () => app?.close());

describe('creating a business', () => {
  it('makes readable, distinct join codes and an address name, and answers the owner view', async () => {
    const business = await createBusiness(app, owner.token, { name: 'Greenleaf Ltd', description: 'Trees\nand more', website: 'https://greenleaf.example', country: 'gb', industry: 'Forestry', size: '11-50', address: { line1: '1 Leaf Lane', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'gb' } });
    expect(business).toMatchObject({ name: 'Greenleaf Ltd', userId: owner.id, country: 'GB', size: '11-50', businessSlug: 'greenleaf-ltd', buyerprofiles: [] });
    expect(business._id).toBe(business.id);
    expect(business.businessCode).toMatch(/^GREENLEAFL-[2-9A-Z]{6}$/);
    expect(business.joinCodes.employee).toMatch(/^GREENLEAFL-EMP-/);
    expect(business.joinCodes.supplier).toMatch(/^GREENLEAFL-SUP-/);
    expect(business.joinCodes.distributor).toMatch(/^GREENLEAFL-DIS-/);
    expect(business.address).toMatchObject({ line1: '1 Leaf Lane', country: 'GB' });
    const mine = await call(app, owner.token, 'GET', `/api/v1/business-profiles/user/${owner.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(business.id);
  });

  it('allows one business per owner (409 BUSINESS_EXISTS), even when two creates race', async () => {
    const again = await call(app, owner.token, 'POST', '/api/v1/business-profiles', { name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BUSINESS_EXISTS');
    const racer = await quickBuyer(app);
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app, racer.token, 'POST', '/api/v1/business-profiles', { name: 'Racing Co' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'BUSINESS_EXISTS')).toBe(true);
    expect(results).toHaveLength(8);
  });

  it('gives a second business of the same name another address name', async () => {
    const other = await quickBuyer(app);
    const business = await createBusiness(app, other.token, { name: 'Greenleaf Ltd' });
    expect(business.businessSlug).toMatch(/^greenleaf-ltd-[a-z0-9]{4}$/);
  });

  it('refuses hostile and malformed bodies with a 400 that names the field, and a visitor with 401', async () => {
    const person = await quickBuyer(app);
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: '<script>alert(1)</script>' }, 'name'],
      [{ name: 'Ok', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'Ok', size: 'huge' }, 'size'],
      [{ name: 'Ok', country: 'GBR' }, 'country'],
      [{ name: 'Ok', extra: 1 }, ''],
      [{ name: 'Ok', address: { line1: 'x' } }, 'address'],
    ] as const) {
      const refused = await call(app, person.token, 'POST', '/api/v1/business-profiles', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.success).toBe(false);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    expect((await call(app, null, 'POST', '/api/v1/business-profiles', { name: 'Ok' })).status).toBe(401);
    expect((await call(app, person.token, 'GET', `/api/v1/business-profiles/user/${person.id}`)).body.data).toBeNull();
  });
});

describe('editing and reading', () => {
  it('lets the owner edit fields (others kept) and change the address name; a taken name is 409 SLUG_TAKEN', async () => {
    const person = await quickBuyer(app);
    const business = await createBusiness(app, person.token, { name: 'Blue Sky', industry: 'Energy' });
    const edited = await call(app, person.token, 'PUT', `/api/v1/business-profiles/${business.id}`, { description: 'Solar for schools' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Blue Sky', industry: 'Energy', description: 'Solar for schools', businessCode: business.businessCode });
    const slugged = await call(app, person.token, 'PUT', `/api/v1/business-profiles/business-slug/${business.id}`, { businessSlug: 'Blue-Sky-Solar' });
    expect(slugged.status).toBe(200);
    expect(slugged.body.data.businessSlug).toBe('blue-sky-solar');
    const taken = await call(app, person.token, 'PUT', `/api/v1/business-profiles/business-slug/${business.id}`, { businessSlug: 'greenleaf-ltd' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('SLUG_TAKEN');
    expect((await call(app, person.token, 'PUT', `/api/v1/business-profiles/business-slug/${business.id}`, { businessSlug: 'a--b' })).status).toBe(400);
    const publicBySlug = await call(app, null, 'GET', '/api/v1/business-profiles/slug/blue-sky-solar');
    expect(publicBySlug.body.data.description).toBe('Solar for schools');
    // Nothing else published yet: no shop page, no sustainability profile.
    expect(publicBySlug.body.data.published).toEqual({ shopProducts: null, sustainabilityProfile: false });
  });

  it('shows visitors the public profile by code in any letter case, without the other codes, the owner or the address', async () => {
    const person = await quickBuyer(app);
    const business = await createBusiness(app, person.token, { name: 'Quiet Co', address: { line1: '9 Secret St', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' } });
    const seen = await call(app, null, 'GET', `/api/v1/business-profiles/profile?businessCode=${business.businessCode.toLowerCase()}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ name: 'Quiet Co', businessCode: business.businessCode });
    const text = JSON.stringify(seen.body);
    for (const secret of [business.joinCodes.employee, business.joinCodes.supplier, business.joinCodes.distributor, person.id, '9 Secret St']) expect(text).not.toContain(secret);
    expect((await call(app, null, 'GET', '/api/v1/business-profiles/profile?businessCode=NOPE-ZZZZZZ')).status).toBe(404);
    expect((await call(app, null, 'GET', '/api/v1/business-profiles/profile')).status).toBe(400);
  });

  it('lists businesses a hundred a page at most, with meta', async () => {
    const listed = await call(app, null, 'GET', '/api/v1/business-profiles?page=1&size=100');
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toMatchObject({ page: 1, size: 100 });
    expect(listed.body.meta.total).toBeGreaterThanOrEqual(4);
    expect(listed.body.data.length).toBe(Math.min(100, listed.body.meta.total));
    expect(JSON.stringify(listed.body)).not.toContain('-SUP-');
    expect((await call(app, null, 'GET', '/api/v1/business-profiles?size=101')).status).toBe(400);
    const second = await call(app, null, 'GET', '/api/v1/business-profiles?page=2&size=2');
    expect(second.body.data).toHaveLength(2);
    expect(second.body.data[0].id).not.toBe(listed.body.data[0].id);
  });

  it('answers the owner view by code to the owner only', async () => {
    const person = await quickBuyer(app);
    const business = await createBusiness(app, person.token, { name: 'Owner View' });
    const me = await call(app, person.token, 'GET', `/api/v1/business-profiles/me/${business.businessCode}`);
    expect(me.status).toBe(200);
    expect(me.body.data.joinCodes).toEqual(business.joinCodes);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-profiles/me/${business.businessCode}`)).status).toBe(403);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-profiles/user/${person.id}`)).status).toBe(403);
  });
});
