import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { call, createBusiness } from './business-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { getJson, orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Issue 26 item 1: a cart is tied to an event only when the shopper says so ("Buy for this
 * event": PATCH v1/carts with conferanceCode), the tie can be removed, and the checkout's explicit
 * choice always wins: an order body that says `conferanceCode: null` is a personal order even
 * when the cart is tied. The certificate of an event order names the event, not its code (item 3).
 */
let app: FastifyInstance;
let offset: Product;
let event: { conferanceCode: string; name: string };

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  offset = pickProducts(app).all.find((product) => product.kind === 'offset' && product.variation.length === 0 && product.stock >= 20)!;
  const organiser = await quickBuyer(app);
  await createBusiness(app, organiser.token, { name: 'Summit Hosts' });
  const created = await call(app, organiser.token, 'POST', '/api/v1/business-events', { name: 'Climate Summit 2026', startDate: '2026-06-01', endDate: '2026-06-02' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  event = created.body.data;
});
afterAll(async () => {
  await app.close();
});

async function certificatesOf(token: string, orderId: string) {
  const me = await getJson(app, token, '/api/v1/me');
  const list = await getJson(app, token, `/api/v1/users/${me.body.data._id}/certificates`);
  expect(list.status).toBe(200);
  return (list.body.data as Array<{ orderId: string; beneficiary: { type: string; name: string } }>).filter((certificate) => certificate.orderId === orderId);
}

describe('tying a cart to an event', () => {
  it('an untied cart places a personal order (viewing an event stores nothing on the server)', async () => {
    const buyer = await quickBuyer(app);
    expect((await getJson(app, buyer.token, `/api/v1/business-events/event/${event.conferanceCode}`)).status).toBe(200);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    expect((await buyer.cart.get()).body.data.conferanceCode).toBeNull();
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ kind: 'personal', conferanceCode: null });
  });

  it('"Buy for this event" ties the cart; an order that does not say otherwise is for the event and its certificate names the event', async () => {
    const buyer = await quickBuyer(app);
    const tied = await buyer.cart.patch({ products: [{ product: offset.id, quantity: 2 }], conferanceCode: event.conferanceCode.toLowerCase() });
    expect(tied.status).toBe(200);
    expect(tied.body.data.conferanceCode).toBe(event.conferanceCode);
    const placed = await placeOrder(app, buyer.token);
    expect(placed.body.data).toMatchObject({ kind: 'event', conferanceCode: event.conferanceCode });
    const [certificate] = await certificatesOf(buyer.token, placed.body.data.id);
    expect(certificate.beneficiary).toEqual({ type: 'event', name: 'Climate Summit 2026' });
    // The tie ends with the order.
    expect((await buyer.cart.get()).body.data.conferanceCode).toBeNull();
  });

  it('the checkout\'s explicit "personal order" wins over a tied cart', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }], conferanceCode: event.conferanceCode });
    const placed = await placeOrder(app, buyer.token, orderBody({ conferanceCode: null, eventOwnerOrder: null, businessEventUserId: null }));
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ kind: 'personal', conferanceCode: null });
    const [certificate] = await certificatesOf(buyer.token, placed.body.data.id);
    expect(certificate.beneficiary.type).toBe('person');
  });

  it('the tie can be removed from the cart', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }], conferanceCode: event.conferanceCode });
    const removed = await buyer.cart.patch({ products: [], conferanceCode: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data.conferanceCode).toBeNull();
    expect((await placeOrder(app, buyer.token)).body.data.kind).toBe('personal');
  });

  it('refuses a tie to an event that does not exist, and keeps the cart as it was', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    const refused = await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }], conferanceCode: 'NO-SUCH-EVENT' });
    expect(refused.status).toBe(404);
    expect(refused.body.fields).toHaveProperty('conferanceCode');
    const cart = (await buyer.cart.get()).body.data;
    expect(cart.conferanceCode).toBeNull();
    expect(cart.products[0].quantity).toBe(1);
  });
});
