import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { businesses } from '../src/db/schema/index.ts';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Issue 23 item 1, kept as an attack the suite tries on every run: the employee join code was the
 * public `businessCode`, listed by `GET /v1/business-profiles` (no token), so anyone joined any
 * business (201) and came back at once after the owner removed them.
 */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
const join = (who: Person, businessCode: string) => call(app, who.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode });

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('business join codes are secrets (issue 23 item 1)', () => {
  it('the public code from the directory does not let a stranger in; no public or member answer holds a join code', async () => {
    const [owner, stranger, employee] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const business = await createBusiness(app, owner.token, { name: 'Secretive Ltd' });
    const listed = await call(app, null, 'GET', '/api/v1/business-profiles?page=1&size=100');
    const publicCode = listed.body.data.find((b: { _id: string }) => b._id === business._id).businessCode as string;
    expect(publicCode).toBe(business.businessCode);

    const attempt = await join(stranger, publicCode);
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toMatch(/no business has this join code/i);

    const { employee: employeeCode, supplier, distributor } = business.joinCodes as Record<string, string>;
    expect(new Set([publicCode, employeeCode, supplier, distributor]).size).toBe(4);
    expect((await join(employee, employeeCode.toLowerCase())).status).toBe(201);

    const answers = [
      listed,
      await call(app, null, 'GET', `/api/v1/business-profiles/profile?businessCode=${publicCode}`),
      await call(app, null, 'GET', `/api/v1/business-profiles/slug/${business.businessSlug}`),
      await call(app, employee.token, 'GET', `/api/v1/business-user-profiles/user/${employee.id}`),
      await call(app, employee.token, 'GET', `/api/v1/business-events/${publicCode}`),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      for (const code of [employeeCode, supplier, distributor]) expect(text).not.toContain(code);
    }
  });

  it('the owner regenerates each code: the old one stops at once, the new one works', async () => {
    const [owner, early, late] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const business = await createBusiness(app, owner.token, { name: 'Rotating Codes' });
    for (const role of ['employee', 'supplier', 'distributor'] as const) {
      const old = business.joinCodes[role] as string;
      const made = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/join-codes/${business._id}`, { role });
      expect(made.status).toBe(200);
      const fresh = made.body.data.joinCodes[role] as string;
      expect(fresh).not.toBe(old);
      business.joinCodes = made.body.data.joinCodes;
      expect((await join(early, old)).status).toBe(404);
    }
    expect((await join(late, business.joinCodes.supplier)).body.data.role).toBe('supplier');
    // Only the owner may: a member or a stranger is refused.
    expect((await call(app, late.token, 'PUT', `/api/v1/business-profiles/join-codes/${business._id}`, { role: 'employee' })).status).toBe(403);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/join-codes/${business._id}`, { role: 'boss' })).status).toBe(400);
  });

  it('the owner sees who joined with which code', async () => {
    const [owner, a, b] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const business = await createBusiness(app, owner.token, { name: 'Who Joined' });
    await join(a, business.joinCodes.employee);
    await join(b, business.joinCodes.distributor);
    const members = await call(app, owner.token, 'GET', `/api/v1/business-user-profiles/business/${business._id}`);
    const byUser = Object.fromEntries(members.body.data.map((m: { userId: string; joinedWithCode: string }) => [m.userId, m.joinedWithCode]));
    expect(byUser).toEqual({ [a.id]: business.joinCodes.employee, [b.id]: business.joinCodes.distributor });
  });

  it('a removed member cannot rejoin until the owner re-admits them', async () => {
    const [owner, member] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const business = await createBusiness(app, owner.token, { name: 'Sticky Removal' });
    const joined = await join(member, business.joinCodes.employee);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/remove/user/${joined.body.data._id}`)).status).toBe(200);
    const back = await join(member, business.joinCodes.employee);
    expect(back.status).toBe(403);
    expect(back.body.code).toBe('REMOVED_FROM_BUSINESS');
    // A fresh code does not help either.
    const made = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/join-codes/${business._id}`, { role: 'supplier' });
    expect((await join(member, made.body.data.joinCodes.supplier)).status).toBe(403);
    // Only the owner re-admits.
    expect((await call(app, member.token, 'PUT', `/api/v1/business-profiles/readmit/user/${joined.body.data._id}`)).status).toBe(403);
    const readmitted = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/readmit/user/${joined.body.data._id}`);
    expect(readmitted.status).toBe(200);
    expect((await join(member, business.joinCodes.employee)).status).toBe(201);
  });

  it('a business from before the change keeps its employee code as the join code until the owner regenerates it', async () => {
    const [owner, viaOldLink] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const business = await createBusiness(app, owner.token, { name: 'Old Timer' });
    // What the migration does: the code people were given (the public one) becomes the join code.
    await app.database.db.update(businesses).set({ employeeJoinCode: business.businessCode }).where(eq(businesses.id, business._id));
    const mine = await call(app, owner.token, 'GET', `/api/v1/business-profiles/me/${business.businessCode}`);
    expect(mine.body.data.joinCodes.employee).toBe(business.businessCode);
    expect(mine.body.data.employeeCodeIsPublic).toBe(true);
    expect((await join(viaOldLink, business.businessCode)).status).toBe(201);
    const made = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/join-codes/${business._id}`, { role: 'employee' });
    expect(made.body.data.employeeCodeIsPublic).toBe(false);
    const stranger = await quickBuyer(app);
    expect((await join(stranger, business.businessCode)).status).toBe(404);
  });
});
