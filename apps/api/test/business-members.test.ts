import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/** Members (spec §4 join codes, §7 business-user-profiles): the code decides the role; one business at a time. */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let business: { id: string; businessCode: string; joinCodes: { employee: string; supplier: string; distributor: string }; name: string };

const join = (person: Person, businessCode: string) => call(app, person.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode });

beforeAll(async () => {
  app = await createTestApp();
  owner = await quickBuyer(app);
  business = await createBusiness(app, owner.token, { name: 'Members Inc' });
});
afterAll(async () => app?.close());

describe('joining', () => {
  it('gives the role of the code used (in any letter case) and answers the joined-business record', async () => {
    const [employee, supplier, distributor] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const joined = await join(employee, business.joinCodes.employee.toLowerCase());
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ role: 'employee', status: 'active', userId: employee.id, businessId: { _id: business.id, businessCode: business.businessCode } });
    expect((await join(supplier, business.joinCodes.supplier)).body.data.role).toBe('supplier');
    expect((await join(distributor, ` ${business.joinCodes.distributor} `)).body.data.role).toBe('distributor');
    const record = await call(app, employee.token, 'GET', `/api/v1/business-user-profiles/user/${employee.id}`);
    expect(record.body.data.businessId.name).toBe('Members Inc');
    expect(JSON.stringify(record.body)).not.toContain(business.joinCodes.supplier);
    const again = await join(employee, business.joinCodes.employee);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(joined.body.data.id);
  });

  it('refuses an unknown code (404), the owner (409 CANNOT_JOIN_OWN_BUSINESS) and a member of another business (409 ALREADY_IN_BUSINESS)', async () => {
    const person = await quickBuyer(app);
    expect((await join(person, 'NOPE-ABCDEF')).status).toBe(404);
    const own = await join(owner, business.joinCodes.employee);
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('CANNOT_JOIN_OWN_BUSINESS');
    const otherOwner = await quickBuyer(app);
    const other = await createBusiness(app, otherOwner.token, { name: 'Other Ltd' });
    await join(person, business.joinCodes.employee);
    const second = await join(person, other.joinCodes.employee);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ALREADY_IN_BUSINESS');
    expect(second.body.message).toContain('Members Inc');
    for (const bad of [{}, { businessCode: '' }, { businessCode: 'a b' }, { businessCode: 'x'.repeat(41) }, { businessCode: 5 }]) {
      expect((await call(app, person.token, 'POST', '/api/v1/business-user-profiles/join', bad)).status).toBe(400);
    }
  });

  it('makes one membership when the same person joins twenty times at once, and one when they race into two businesses', async () => {
    const person = await quickBuyer(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => join(person, business.joinCodes.employee)));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const racer = await quickBuyer(app);
    const otherOwner = await quickBuyer(app);
    const other = await createBusiness(app, otherOwner.token, { name: 'Race Two' });
    const raced = await Promise.all([join(racer, business.joinCodes.employee), join(racer, other.joinCodes.employee), join(racer, business.joinCodes.employee), join(racer, other.joinCodes.employee)]);
    expect(raced.filter((r) => r.status === 201)).toHaveLength(1);
    expect(raced.filter((r) => r.status === 409).every((r) => r.body.code === 'ALREADY_IN_BUSINESS')).toBe(true);
  });

  it('lets a member leave and join again; leaving twice is 404', async () => {
    const person = await quickBuyer(app);
    await join(person, business.joinCodes.employee);
    const left = await call(app, person.token, 'PUT', '/api/v1/business-user-profiles/exit/business');
    expect(left.status).toBe(200);
    expect(left.body.data.status).toBe('exited');
    expect((await call(app, person.token, 'GET', `/api/v1/business-user-profiles/user/${person.id}`)).body.data).toBeNull();
    expect((await call(app, person.token, 'PUT', '/api/v1/business-user-profiles/exit/business')).status).toBe(404);
    expect((await join(person, business.joinCodes.employee)).status).toBe(201);
  });
});

describe('the owner and the members', () => {
  it('lists members with names and roles, active first, paged; counts them by role and status', async () => {
    const fresh = await quickBuyer(app);
    const biz = await createBusiness(app, fresh.token, { name: 'Counted' });
    const people = await Promise.all(Array.from({ length: 5 }, () => quickBuyer(app)));
    await join(people[0], biz.joinCodes.employee);
    await join(people[1], biz.joinCodes.employee);
    await join(people[2], biz.joinCodes.supplier);
    await join(people[3], biz.joinCodes.distributor);
    await join(people[4], biz.joinCodes.employee);
    await call(app, people[4].token, 'PUT', '/api/v1/business-user-profiles/exit/business');
    const page1 = await call(app, fresh.token, 'GET', `/api/v1/business-user-profiles/business/${biz.id}?page=1&size=3`);
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ page: 1, size: 3, total: 5 });
    expect(page1.body.data.every((m: { status: string }) => m.status === 'active')).toBe(true);
    expect(page1.body.data[0]).toMatchObject({ firstName: 'Buyer' });
    const page2 = await call(app, fresh.token, 'GET', `/api/v1/business-user-profiles/business/${biz.id}?page=2&size=3`);
    expect(page2.body.data.map((m: { status: string }) => m.status)).toContain('exited');
    const stats = await call(app, fresh.token, 'GET', `/api/v1/business-user-profiles/business/stats/${biz.id}`);
    expect(stats.body.data).toEqual({ active: 4, byRole: { employee: 2, supplier: 1, distributor: 1 }, exited: 1, removed: 0, withFootprint: 0, footprintKg: 0 });
    const owned = await call(app, fresh.token, 'GET', `/api/v1/business-profiles/me/${biz.businessCode}`);
    expect(owned.body.data.buyerprofiles).toHaveLength(4);
  });

  it('lets the owner set a title and remove a member; a removed member can no longer buy for or read the business', async () => {
    const person = await quickBuyer(app);
    const joined = await join(person, business.joinCodes.employee);
    const id = joined.body.data.id;
    const titled = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/update/user/${id}`, { title: 'Sustainability lead', department: 'Operations' });
    expect(titled.status).toBe(200);
    expect(titled.body.data).toMatchObject({ title: 'Sustainability lead', department: 'Operations' });
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/update/user/${id}`, {})).status).toBe(400);
    expect((await call(app, person.token, 'GET', `/api/v1/business-user-profiles/${id}`)).body.data.title).toBe('Sustainability lead');
    const removed = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/remove/user/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.status).toBe('removed');
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/remove/user/${id}`)).status).toBe(409);
    expect((await call(app, person.token, 'GET', `/api/v1/business-user-profiles/user/${person.id}`)).body.data).toBeNull();
    const transfer = await call(app, person.token, 'PUT', '/api/v1/carts/transfer', { businessCode: business.businessCode });
    expect(transfer.status).toBe(403);
  });
});
