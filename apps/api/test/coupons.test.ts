import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { coupons } from '../src/db/schema/index.ts';
import { uuidv7 } from '../src/lib/uuid.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { parseCouponCreateArgs } from '../src/modules/coupons/coupon-cli.ts';
import { createCouponsRepository, redeemCoupon, type CouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { registerVerified } from './auth-helpers.ts';
import { cartClient, pickProducts, priceIn } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';

let app: FastifyInstance;
let repo: CouponsRepository;
let plain: Product[];
/** A product costing at least 25 USD (GREEN5's minimum), and one costing less. */
let dear: Product;
let cheap: Product;

async function newShopper() {
  const { token, user } = await registerVerified(app);
  return { token, userId: user._id as string, cart: cartClient(app, token) };
}

let sequence = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++sequence}`;

beforeAll(async () => {
  app = await createTestApp();
  repo = createCouponsRepository(app.database.db);
  ({ plain } = pickProducts(app));
  dear = plain.find((p) => priceIn(p, 'USD') >= 2_500 && priceIn(p, 'JPY') >= 3_750)!;
  cheap = plain.find((p) => priceIn(p, 'USD') < 2_500)!;
});
afterAll(async () => {
  await app.close();
});

describe('who may use coupons', () => {
  it('answers 401 without a token', async () => {
    for (const call of [
      { method: 'GET', url: '/api/v1/coupons/WELCOME10' },
      { method: 'POST', url: '/api/v1/coupons/WELCOME10/apply', payload: { type: 'regular' } },
      { method: 'PATCH', url: '/api/v1/coupons/unapply' },
    ] as const) {
      expect((await app.inject(call)).statusCode, call.url).toBe(401);
    }
  });
});

describe('looking a coupon up', () => {
  it('finds seeded coupons whatever the case of the code', async () => {
    const { cart } = await newShopper();
    const { status, body } = await cart.coupon('welcome10');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ code: 'WELCOME10', kind: 'percent', percentOff: 10 });
    const green = await cart.coupon('Green5');
    expect(green.body.data).toMatchObject({ code: 'GREEN5', kind: 'amount', amountOffMinor: { USD: 500, JPY: 750 }, minimumOrderMinor: { USD: 2_500 } });
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const { cart } = await newShopper();
    const unknown = await cart.coupon('NOSUCHCODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'There is no coupon NOSUCHCODE' });
    for (const bad of ['ab', 'x'.repeat(41), 'a b c', "1' or '1'='1", '<b>hi</b>']) expect((await cart.coupon(bad)).status, bad).toBe(400);
  });
});

describe('applying and removing', () => {
  it('refuses a coupon on an empty cart', async () => {
    const { cart } = await newShopper();
    const { status, body } = await cart.apply('WELCOME10');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'COUPON_NOT_APPLICABLE', message: 'Add something to your cart before applying a coupon' });
  });

  it('takes a percentage off the sub-total, and removing it clears coupon, discount and discountUnit', async () => {
    const { cart } = await newShopper();
    await cart.patch({ products: [{ product: plain[0].id, quantity: 3 }] });
    const { status, body } = await cart.apply('welcome10');
    expect(status).toBe(200);
    expect(body.message).toBe('Coupon WELCOME10 applied');
    const sub = 3 * priceIn(plain[0], 'USD');
    const off = Math.round(sub / 10);
    expect(body.data).toMatchObject({
      coupon: 'WELCOME10',
      couponType: 'regular',
      couponData: { coupon: 'WELCOME10', stripePaymentCouponId: null, stripeSubscriptionCouponId: null, type: 'regular' },
      discountUnit: 'percent',
      couponValue: 10,
      subTotalMinor: sub,
      discountMinor: off,
      orderTotalMinor: sub - off,
      couponError: null,
    });
    // The totals follow the cart: more items, more off.
    const more = await cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    expect(more.body.data.discountMinor).toBe(Math.round((4 * priceIn(plain[0], 'USD')) / 10));

    const removed = await cart.unapply();
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ coupon: null, couponType: null, couponData: null, discount: 0, discountMinor: 0, discountUnit: null, couponValue: null });
    expect(removed.body.data.orderTotalMinor).toBe(removed.body.data.subTotalMinor);
  });

  it('takes a fixed amount per currency above the minimum order, in USD and in JPY', async () => {
    const { cart } = await newShopper();
    await cart.patch({ products: [{ product: cheap.id, quantity: 1 }] });
    const below = await cart.apply('GREEN5');
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('COUPON_MINIMUM_NOT_MET');
    expect(below.body.message).toMatch(/^Coupon GREEN5 needs an order of at least 25\.00 USD; your cart comes to [\d,.]+ USD$/);

    await cart.clear();
    await cart.patch({ products: [{ product: dear.id, quantity: 1 }] });
    const usd = await cart.apply('GREEN5');
    expect(usd.status).toBe(200);
    expect(usd.body.data).toMatchObject({ discountUnit: 'amount', couponValue: 5, discountMinor: 500, discount: 5, orderTotalMinor: priceIn(dear, 'USD') - 500 });

    const jpy = await cart.patch({ updateCurrency: 'JPY' });
    expect(jpy.body.data).toMatchObject({ currency: 'JPY', discountMinor: 750, discount: 750, couponValue: 750, orderTotal: priceIn(dear, 'JPY') - 750 });
    expect(Number.isInteger(jpy.body.data.orderTotal)).toBe(true);
  });

  it('keeps a coupon that stopped applying, with no discount and a reason', async () => {
    const { cart } = await newShopper();
    const { body } = await cart.patch({ products: [{ product: dear.id, quantity: 1 }, { product: cheap.id, quantity: 1 }] });
    await cart.apply('GREEN5');
    const dearLine = body.data.products.find((l: any) => l.product._id === dear.id);
    const after = await cart.remove(dearLine.cartItemId);
    expect(after.body.data).toMatchObject({ coupon: 'GREEN5', discountMinor: 0, orderTotalMinor: priceIn(cheap, 'USD') });
    expect(after.body.data.couponError).toMatch(/needs an order of at least 25\.00 USD/);
  });

  it('holds one coupon per cart: a new one replaces the old', async () => {
    const { cart } = await newShopper();
    await cart.patch({ products: [{ product: dear.id, quantity: 1 }] });
    await cart.apply('WELCOME10');
    const { body } = await cart.apply('green5');
    expect(body.data).toMatchObject({ coupon: 'GREEN5', discountUnit: 'amount', discountMinor: 500 });
  });

  it('refuses expired, not yet valid and fully used coupons, each with its own message', async () => {
    const { cart } = await newShopper();
    await cart.patch({ products: [{ product: dear.id, quantity: 1 }] });
    const day = 86_400_000;
    const expired = await createCoupon(repo, { code: code('OLD'), kind: 'percent', percentOff: 5, startsAt: new Date(Date.now() - 10 * day), endsAt: new Date(Date.now() - day) });
    const future = await createCoupon(repo, { code: code('SOON'), kind: 'percent', percentOff: 5, startsAt: new Date(Date.now() + day) });
    const used = await createCoupon(repo, { code: code('ONCE'), kind: 'percent', percentOff: 5, maxUses: 1 });
    const someone = await newShopper();
    expect(await redeemCoupon(app.database.db, { couponId: used.id, userId: someone.userId, orderId: uuidv7() })).toBe('redeemed');

    const a = await cart.apply(expired.code);
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ code: 'COUPON_NOT_ACTIVE' });
    expect(a.body.message).toMatch(new RegExp(`^Coupon ${expired.code} expired on \\d{4}-\\d{2}-\\d{2}$`));
    const b = await cart.apply(future.code.toLowerCase());
    expect(b.status).toBe(400);
    expect(b.body.message).toMatch(new RegExp(`^Coupon ${future.code} can be used from \\d{4}-\\d{2}-\\d{2}$`));
    const c = await cart.apply(used.code);
    expect(c.status).toBe(409);
    expect(c.body).toMatchObject({ code: 'COUPON_EXHAUSTED', message: `Coupon ${used.code} has been fully used` });
    expect((await cart.coupon(used.code)).status).toBe(409);
    // Nothing was attached by the refusals.
    expect((await cart.get()).body.data.coupon).toBeNull();
  });

  it("refuses a coupon its per-person limit has used up for this person, not for others", async () => {
    const first = await newShopper();
    const second = await newShopper();
    const welcome = (await repo.findByCode('WELCOME10'))!;
    await redeemCoupon(app.database.db, { couponId: welcome.id, userId: first.userId, orderId: uuidv7() });
    for (const shopper of [first, second]) await shopper.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const refused = await first.cart.apply('WELCOME10');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You have already used coupon WELCOME10 as often as it allows');
    expect((await second.cart.apply('WELCOME10')).status).toBe(200);
  });

  it('a fixed coupon without an amount in the cart currency does not apply there', async () => {
    const { cart } = await newShopper();
    const usdOnly = await createCoupon(repo, { code: code('USD'), kind: 'amount', amountOffMinor: { USD: 100 } });
    await cart.patch({ products: [{ product: plain[0].id, quantity: 1 }], updateCurrency: 'INR' });
    const { status, body } = await cart.apply(usdOnly.code);
    expect(status).toBe(400);
    expect(body.message).toBe(`Coupon ${usdOnly.code} cannot be used with prices in INR`);
  });

  it('refuses hostile apply bodies with 400', async () => {
    const { token } = await newShopper();
    for (const payload of [{ type: 'business' }, { type: 'regular', discount: 100 }, { getStripeCoupon: 'yes' }]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/coupons/WELCOME10/apply', headers: { authorization: `Bearer ${token}` }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).success).toBe(false);
    }
  });
});

describe('counting uses at payment (redeemCoupon)', () => {
  it('20 concurrent payments of a one-use coupon redeem it once', async () => {
    const coupon = await createCoupon(repo, { code: code('RACE'), kind: 'percent', percentOff: 50, maxUses: 1 });
    const { userId } = await newShopper();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => redeemCoupon(app.database.db, { couponId: coupon.id, userId, orderId: uuidv7() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals).toHaveLength(19);
    expect(refusals.every((r) => r.reason.code === 'COUPON_EXHAUSTED')).toBe(true);
    const [row] = await app.database.db.select({ usedCount: coupons.usedCount }).from(coupons).where(eq(coupons.id, coupon.id));
    expect(row.usedCount).toBe(1);
  });

  it('a limit of 5 under 20 concurrent payments counts exactly 5; a per-person limit of 1 counts once', async () => {
    const five = await createCoupon(repo, { code: code('FIVE'), kind: 'percent', percentOff: 5, maxUses: 5 });
    const { userId } = await newShopper();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => redeemCoupon(app.database.db, { couponId: five.id, userId, orderId: uuidv7() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect((await repo.findById(five.id))!.usedCount).toBe(5);

    const mine = await createCoupon(repo, { code: code('MINE'), kind: 'percent', percentOff: 5, maxUsesPerUser: 1 });
    const perPerson = await Promise.allSettled(Array.from({ length: 10 }, () => redeemCoupon(app.database.db, { couponId: mine.id, userId, orderId: uuidv7() })));
    expect(perPerson.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await repo.usesBy(mine.id, userId)).toBe(1);
  });

  it('paying the same order again (a retried webhook) counts it once', async () => {
    const coupon = await createCoupon(repo, { code: code('RETRY'), kind: 'percent', percentOff: 5, maxUses: 10 });
    const { userId } = await newShopper();
    const orderId = uuidv7();
    const results = await Promise.all(Array.from({ length: 10 }, () => redeemCoupon(app.database.db, { couponId: coupon.id, userId, orderId })));
    expect(results.filter((r) => r === 'redeemed')).toHaveLength(1);
    expect(results.filter((r) => r === 'already-redeemed')).toHaveLength(9);
    expect((await repo.findById(coupon.id))!.usedCount).toBe(1);
  });

  it('the database itself refuses a count above the limit', async () => {
    const coupon = await createCoupon(repo, { code: code('CHECK'), kind: 'percent', percentOff: 5, maxUses: 1 });
    await expect(app.database.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, coupon.id))).rejects.toThrow();
  });
});

describe('creating coupons (CLI)', () => {
  it('reads the coupon:create options, amounts in major units', () => {
    expect(parseCouponCreateArgs(['--code', 'save10', '--percent', '10', '--max-uses', '100', '--max-uses-per-user', '1'])).toMatchObject({ code: 'save10', kind: 'percent', percentOff: 10, maxUses: 100, maxUsesPerUser: 1 });
    const fixed = parseCouponCreateArgs(['--code', 'FIVE', '--amount', 'USD=5,jpy=750,EUR=4.5', '--min', 'USD=25', '--starts', '2027-01-01', '--ends', '2027-01-31']);
    expect(fixed).toMatchObject({ kind: 'amount', amountOffMinor: { USD: 500, JPY: 750, EUR: 450 }, minimumOrderMinor: { USD: 2_500 } });
    expect(fixed.startsAt).toEqual(new Date('2027-01-01T00:00:00Z'));
    // "--ends 2027-01-31" means through that day.
    expect(fixed.endsAt).toEqual(new Date('2027-02-01T00:00:00Z'));
    expect(() => parseCouponCreateArgs(['--code', 'X'])).toThrow('Give either --percent or --amount');
    expect(() => parseCouponCreateArgs(['--code', 'X', '--amount', 'XYZ=5'])).toThrow('XYZ is not a supported currency');
    expect(() => parseCouponCreateArgs(['--code', 'X', '--percent', '10', '--bogus'])).toThrow();
  });

  it('creates a coupon once, upper-cased, and refuses a duplicate or an invalid one', async () => {
    const created = await createCoupon(repo, parseCouponCreateArgs(['--code', 'cli-test-1', '--percent', '12']));
    expect(created).toMatchObject({ code: 'CLI-TEST-1', kind: 'percent', percentOff: 12 });
    await expect(createCoupon(repo, { code: 'CLI-test-1', kind: 'percent', percentOff: 5 })).rejects.toThrow('A coupon CLI-TEST-1 exists already');
    await expect(createCoupon(repo, { code: 'BAD-PERCENT', kind: 'percent', percentOff: 150 })).rejects.toThrow(/percentOff/);
    await expect(createCoupon(repo, { code: 'BAD-WINDOW', kind: 'percent', percentOff: 5, startsAt: new Date('2027-02-01'), endsAt: new Date('2027-01-01') })).rejects.toThrow('The coupon must end after it starts');
  });
});
