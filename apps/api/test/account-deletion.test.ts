import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { businessEventFootprints, certificates, coupons, couponRedemptions, orders, productReviews, products, referralEarnings, users } from '../src/db/schema/index.ts';
import { PASSWORD, bearer, login, registerVerified } from './auth-helpers.ts';
import { createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { redirectingProvider } from './order-helpers.ts';
import { bodyOf, deleteAccount, findEverywhere, person, twoCustomers } from './account-data-helpers.ts';

/**
 * POST /api/v1/account/delete (issue 25, decision 0045): the password and a typed confirmation;
 * afterwards no column of any table holds the person's email or name, while the books (orders,
 * certificates, stock, coupon uses, referral earnings, event figures) add up as before.
 */
let app: FastifyInstance;
const provider = redirectingProvider();
const confirm = { password: PASSWORD, confirmation: 'DELETE' };

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, paymentProvider: provider });
});
afterAll(async () => app?.close());

/** What must not move when a customer leaves. */
async function books(productIds: string[], eventId: string) {
  const db = app.database.db;
  const [paid] = await db.select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${orders.totalMinor}), 0)::int` }).from(orders).where(eq(orders.status, 'paid'));
  const [certs] = await db.select({ n: sql<number>`count(*)::int`, milli: sql<number>`coalesce(sum(${certificates.tonnesMilli}), 0)::int`, valid: sql<number>`count(*) filter (where ${certificates.status} = 'valid')::int` }).from(certificates);
  const stock = await db.select({ id: products.id, stock: products.stock }).from(products).where(sql`${products.id} in ${productIds}`).orderBy(products.id);
  const couponUses = await db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons).orderBy(coupons.code);
  const [redemptions] = await db.select({ n: sql<number>`count(*)::int` }).from(couponRedemptions);
  const [earnings] = await db.select({ sum: sql<number>`coalesce(sum(${referralEarnings.amountMinor}), 0)::int` }).from(referralEarnings);
  const [event] = await db.select({ kg: sql<number>`sum(${businessEventFootprints.totalKg})` }).from(businessEventFootprints).where(eq(businessEventFootprints.eventId, eventId));
  return { paid, certs, stock, couponUses, redemptions, earnings, eventKg: Number(event!.kg) };
}

describe('deleting an account', () => {
  it('leaves no trace of the email or name in any column of any table, and the books add up', async () => {
    const setup = await twoCustomers(app, { alice: ['Zephyrine', 'Quackenbush'], bob: ['Horatio', 'Fennimore'] });
    const { alice, bob } = setup;
    const productIds = [setup.offset.id, setup.goods.id];
    const [reservedBefore] = await app.database.db.select({ reserved: products.reserved }).from(products).where(eq(products.id, setup.goods.id));
    const before = await books(productIds, setup.event.id);
    const [certificate] = await app.database.db.select().from(certificates).where(eq(certificates.orderId, setup.paidOrderId));
    expect(await findEverywhere(app, alice.email)).not.toEqual([]);
    // A second device signed in: its session must end too.
    const phone = bodyOf(await login(app, alice.email, PASSWORD)).token as string;
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(phone) })).statusCode).toBe(200);

    const response = await deleteAccount(app, alice.token, { ...confirm, reviews: 'keep' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).data).toEqual({ cancelledOrders: 1, keptOrders: 2, keptReviews: 1, deletedReviews: 0 });

    // Nothing personal anywhere (the allow-list is empty).
    for (const needle of [alice.email, alice.name, alice.firstName, alice.lastName, alice.addressLine, alice.phone, '+44 7700 900123']) {
      expect(await findEverywhere(app, needle), needle).toEqual([]);
    }

    // The books: paid orders, certificates, stock on hand, coupon uses, Bob's earnings and the event's figures.
    expect(await books(productIds, setup.event.id)).toEqual(before);
    const [reservedAfter] = await app.database.db.select({ reserved: products.reserved }).from(products).where(eq(products.id, setup.goods.id));
    expect(reservedAfter!.reserved).toBe(reservedBefore!.reserved - 3);
    const [unpaid] = await app.database.db.select().from(orders).where(eq(orders.id, setup.unpaidOrderId));
    expect(unpaid).toMatchObject({ status: 'cancelled', cancelReason: 'account_deleted', firstName: '', buyerEmail: '', address: null });
    expect(provider.cancelled).toContain(`cs_test_${setup.unpaidOrderId}`);

    // The certificate still verifies, without the name (Alice never made her name public).
    const verified = await app.inject({ method: 'GET', url: `/api/v1/certificates/${certificate!.serial}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('A former customer');
    expect(verified.body).toContain('"valid"');

    // The kept review speaks as a former customer.
    const reviews = await app.inject({ method: 'GET', url: `/api/v1/review/${setup.offset.id}/product` });
    expect(bodyOf(reviews).data.reviews ?? bodyOf(reviews).data).toEqual(expect.arrayContaining([expect.objectContaining({ reviewer: { name: 'A former customer' } })]));

    // Sign-in has ended and the uploaded image is gone.
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(alice.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(phone) })).statusCode).toBe(401);
    expect((await login(app, alice.email, PASSWORD)).statusCode).toBe(401);
    expect(await app.uploads.store.read(setup.imageUrl.slice('/uploads/'.length))).toBeUndefined();

    // Bob keeps his business, his event footprint and his earnings; Alice's membership ended.
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(bob.token) })).statusCode).toBe(200);

    // The address is free: a new account can be made with it.
    const again = await registerVerified(app, { email: alice.email, firstName: 'New', lastName: 'Start' });
    expect(again.token).toBeTruthy();
  });

  it('deletes the reviews when asked to, and the product figures follow', async () => {
    const setup = await twoCustomers(app, { alice: ['Ottoline', 'Brackenridge'], bob: ['Percival', 'Thornwood'] });
    const response = await deleteAccount(app, setup.alice.token, { ...confirm, reviews: 'delete' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).data).toMatchObject({ keptReviews: 0, deletedReviews: 1 });
    expect(await app.database.db.select().from(productReviews).where(eq(productReviews.userId, setup.alice.id))).toEqual([]);
  });

  it('keeps the name on certificates when the buyer made it public', async () => {
    const setup = await twoCustomers(app, { alice: ['Publius', 'Shownamington'], bob: ['Ignatius', 'Hollowell'] });
    await app.database.db.execute(sql`update sustainability_profiles set show_name = true where user_id = ${setup.alice.id}`);
    expect((await deleteAccount(app, setup.alice.token, confirm)).statusCode).toBe(200);
    const [certificate] = await app.database.db.select().from(certificates).where(eq(certificates.orderId, setup.paidOrderId));
    expect(certificate!.beneficiaryName).toBe('Publius Shownamington');
  });
});

describe('refusals', () => {
  it('a wrong password, a missing or wrong confirmation: 400 naming the field, nothing deleted', async () => {
    const who = await person(app, 'Careful', 'Person');
    const wrong = await deleteAccount(app, who.token, { password: 'not-my-password', confirmation: 'DELETE' });
    expect(wrong.statusCode).toBe(400);
    expect(bodyOf(wrong).fields).toHaveProperty('password');
    const missing = await deleteAccount(app, who.token, { password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(bodyOf(missing).fields).toHaveProperty('confirmation');
    const typo = await deleteAccount(app, who.token, { password: PASSWORD, confirmation: 'delete it' });
    expect(typo.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/v1/account/delete', payload: confirm })).statusCode).toBe(401);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, who.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.email).toBe(who.email);
  });

  it('while they own a business: 409 naming it', async () => {
    const owner = await person(app, 'Owning', 'Person');
    await createBusiness(app, owner.token, { name: 'Evergreen Holdings' });
    const refused = await deleteAccount(app, owner.token, confirm);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({ code: 'ACCOUNT_DELETION_BLOCKED', businesses: ['Evergreen Holdings'] });
    expect(bodyOf(refused).message).toContain('Evergreen Holdings');
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(owner.token) })).statusCode).toBe(200);
  });

  it('the shop’s last owner: 409; another owner may leave while one remains', async () => {
    const [first, second] = [await person(app, 'First', 'Owner'), await person(app, 'Second', 'Owner')];
    await app.database.db.execute(sql`delete from operators where role = 'owner'`);
    await app.database.db.execute(sql`insert into operators (id, email, user_id, role, source) values (gen_random_uuid(), ${first.email}, ${first.id}, 'owner', 'cli'), (gen_random_uuid(), ${second.email}, ${second.id}, 'owner', 'cli')`);
    expect((await deleteAccount(app, first.token, confirm)).statusCode).toBe(200);
    const last = await deleteAccount(app, second.token, confirm);
    expect(last.statusCode).toBe(409);
    expect(bodyOf(last).message).toMatch(/last owner/);
  });

  it('two deletions at once: one deletes, the other finds the session ended', async () => {
    const who = await person(app, 'Twice', 'Deleted');
    const answers = await Promise.all([deleteAccount(app, who.token, confirm), deleteAccount(app, who.token, confirm)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, who.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});
