import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { bearer } from './auth-helpers.ts';
import { insertBusiness, insertMember } from './business-fixtures.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { getJson, orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Business orders and the cart's business context (spec §4 Order flow, §7 cart transfer): the
 * owner and active members may buy for a business; its owner reads all of its orders and graphs,
 * a member only the orders they placed; nobody else learns anything about it.
 */
let app: FastifyInstance;
let product: Product;
let owner: Awaited<ReturnType<typeof quickBuyer>>;
let member: Awaited<ReturnType<typeof quickBuyer>>;
let otherMember: Awaited<ReturnType<typeof quickBuyer>>;
let stranger: Awaited<ReturnType<typeof quickBuyer>>;
let removed: Awaited<ReturnType<typeof quickBuyer>>;
let business: Awaited<ReturnType<typeof insertBusiness>>;

async function transfer(token: string | null, payload: unknown, reverse = false) {
  const response = await app.inject({ method: 'PUT', url: `/api/v1/carts/transfer${reverse ? '/reverse' : ''}`, headers: token ? bearer(token) : {}, payload: payload as object });
  return { status: response.statusCode, body: json(response) };
}

async function buyForBusiness(buyer: Awaited<ReturnType<typeof quickBuyer>>, code = business.businessCode) {
  await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
  return placeOrder(app, buyer.token, orderBody({ isBusinessOrder: true, businessCode: code }));
}

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  product = pickProducts(app).plain[0];
  [owner, member, otherMember, stranger, removed] = await Promise.all(Array.from({ length: 5 }, () => quickBuyer(app)));
  business = await insertBusiness(app, owner.id);
  await insertMember(app, business.id, member.id);
  await insertMember(app, business.id, otherMember.id, { role: 'supplier' });
  await insertMember(app, business.id, removed.id, { status: 'removed' });
});
afterAll(async () => app?.close());

describe('placing a business order', () => {
  it('records the business for its owner and for an active member (the code in any letter case)', async () => {
    const byOwner = await buyForBusiness(owner);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data).toMatchObject({ kind: 'business', isBusinessOrder: true, businessCode: business.businessCode });
    const byMember = await buyForBusiness(member, business.businessCode.toLowerCase());
    expect(byMember.status).toBe(200);
    expect(byMember.body.data).toMatchObject({ kind: 'business', businessCode: business.businessCode });
  });

  it('refuses a stranger and a removed member with 403 and leaves their cart as it was', async () => {
    for (const buyer of [stranger, removed]) {
      const refused = await buyForBusiness(buyer);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect((await buyer.cart.get()).body.data.products).toHaveLength(1);
      await buyer.cart.clear();
    }
  });
});

describe('reading business orders', () => {
  let ownersOrder: string;
  let membersOrder: string;
  beforeAll(async () => {
    ownersOrder = (await buyForBusiness(owner)).body.data.id;
    membersOrder = (await buyForBusiness(member)).body.data.id;
  });
  const read = (token: string, id: string, code = business.businessCode) => getJson(app, token, `/api/v1/orders/${id}?isBusinessOrder=true&businessCode=${encodeURIComponent(code)}`);

  it('lets the owner read every order of the business, and a member the ones they placed', async () => {
    expect((await read(owner.token, membersOrder)).body.data).toMatchObject({ id: membersOrder, kind: 'business' });
    expect((await read(member.token, membersOrder)).status).toBe(200);
    expect((await getJson(app, member.token, `/api/v1/orders/${membersOrder}`)).status).toBe(200);
  });

  it("answers 404 to another member, a stranger, a removed member and a wrong business code", async () => {
    expect((await read(otherMember.token, membersOrder)).status).toBe(404);
    expect((await read(member.token, ownersOrder)).status).toBe(404);
    expect((await read(stranger.token, membersOrder)).status).toBe(404);
    expect((await read(removed.token, membersOrder)).status).toBe(404);
    expect((await read(owner.token, membersOrder, 'NOPE-123')).status).toBe(404);
    expect((await getJson(app, owner.token, `/api/v1/orders/${membersOrder}?isBusinessOrder=true`)).status).toBe(400);
  });

  it('draws business graphs for the owner only; personal graphs leave business orders out', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const graph = await getJson(app, owner.token, `/api/v1/orders/graph?businessCode=${business.businessCode}&isBusiness=true`);
    expect(graph.status).toBe(200);
    const businessOrders = graph.body.data.find((point: { period: string }) => point.period === month).orders;
    expect(businessOrders).toBeGreaterThanOrEqual(4);
    const annual = await getJson(app, owner.token, `/api/v1/orders/annual/graph?businessCode=${business.businessCode}&isBusiness=true`);
    expect(annual.body.data.at(-1).orders).toBe(businessOrders);
    const personal = await getJson(app, owner.token, '/api/v1/orders/graph');
    expect(personal.body.data.find((point: { period: string }) => point.period === month).orders).toBe(0);

    expect((await getJson(app, member.token, `/api/v1/orders/graph?businessCode=${business.businessCode}&isBusiness=true`)).status).toBe(403);
    expect((await getJson(app, stranger.token, `/api/v1/orders/graph?businessCode=${business.businessCode}&isBusiness=true`)).status).toBe(404);
    expect((await getJson(app, owner.token, '/api/v1/orders/graph?isBusiness=true')).status).toBe(400);
  });
});

describe('cart transfer', () => {
  it('puts a member’s cart in the business context and back, and an order clears it', async () => {
    await member.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    const moved = await transfer(member.token, { businessCode: business.businessCode });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ businessCode: business.businessCode });
    expect(moved.body.data.products[0].quantity).toBe(2);
    expect((await member.cart.get()).body.data.businessCode).toBe(business.businessCode);

    const back = await transfer(member.token, { businessCode: business.businessCode }, true);
    expect(back.status).toBe(200);
    expect(back.body.data.businessCode).toBeNull();
    expect(back.body.data.products[0].quantity).toBe(2);

    await transfer(member.token, { businessCode: business.businessCode });
    expect((await placeOrder(app, member.token, orderBody({ isBusinessOrder: true, businessCode: business.businessCode }))).status).toBe(200);
    expect((await member.cart.get()).body.data).toMatchObject({ businessCode: null, products: [] });
  });

  it('refuses strangers and removed members (403), a reverse for another business (409) and a personal cart is left alone', async () => {
    for (const buyer of [stranger, removed]) {
      const refused = await transfer(buyer.token, { businessCode: business.businessCode });
      expect(refused.status).toBe(403);
      expect((await buyer.cart.get()).body.data.businessCode).toBeNull();
    }
    expect((await transfer(owner.token, { businessCode: business.businessCode })).status).toBe(200);
    const wrong = await transfer(owner.token, { businessCode: 'OTHER-1' }, true);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toMatch(business.businessCode);
    expect((await transfer(stranger.token, { businessCode: business.businessCode }, true)).body.data.businessCode).toBeNull();
  });

  it('answers 401 without a token and 400 for hostile bodies', async () => {
    expect((await transfer(null, { businessCode: business.businessCode })).status).toBe(401);
    for (const payload of [{}, { businessCode: '' }, { businessCode: 'x'.repeat(5000) }, { businessCode: 42 }, { businessCode: business.businessCode, extra: true }]) {
      const response = await transfer(member.token, payload);
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
    }
  });
});
