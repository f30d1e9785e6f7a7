import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { Product } from '@app/contract';
import { ORDER_CSV_COLUMNS } from '@app/contract/admin';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator, type TestOperator } from './admin-helpers.ts';
import { bearer } from './auth-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';
import { call as bizCall, createBusiness } from './business-helpers.ts';

/** The operator's order list (issue 25): totals per currency of the filtered set, and its CSV export. */
let app: FastifyInstance;
let owner: TestOperator;
let call: ReturnType<typeof adminCall>;
let goods: Product;
let offset: Product;
type Placed = { _id: string; orderNumber: string; currency: string; orderTotalMinor: number; subTotalMinor: number };
const placed: Record<'usdMixed' | 'eurGoods' | 'usdOffset', Placed & { email: string }> = {} as never;

async function buy(lines: Record<string, unknown>[], options: { currency?: string; firstName?: string } = {}) {
  const buyer = await quickBuyer(app);
  if (options.currency) await app.inject({ method: 'POST', url: '/api/auth/set-currency', headers: bearer(buyer.token), payload: { currency: options.currency, level: 3 } });
  expect((await buyer.cart.patch({ products: lines })).status).toBe(200);
  const result = await placeOrder(app, buyer.token, orderBody(options.firstName ? { firstName: options.firstName } : {}));
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { ...(result.body.data as Placed), email: buyer.email };
}

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' } });
  owner = await signedInOperator(app, 'owner');
  call = adminCall(app, owner.token);
  const { plain } = pickProducts(app);
  goods = plain.find((p) => p.kind === 'goods')!;
  offset = plain.find((p) => p.kind === 'offset')!;
  placed.usdMixed = await buy([
    { product: goods.id, quantity: 2 },
    { product: offset.id, quantity: 1 },
  ]);
  placed.eurGoods = await buy([{ product: goods.id, quantity: 1 }], { currency: 'EUR' });
  placed.usdOffset = await buy([{ product: offset.id, quantity: 3 }], { firstName: '=HYPERLINK("https://evil.example")' });
});
afterAll(async () => {
  await app.close();
});

const totals = async (query: string) => {
  const response = await call('GET', `/orders/totals${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { currency: string; orders: number; totalMinor: number; subTotalMinor: number; paidMinor: number; refundedMinor: number }[];
};

describe('totals of the filtered orders', () => {
  it('sums per currency, never across currencies', async () => {
    expect(placed.eurGoods.currency).toBe('EUR');
    const all = await totals('');
    expect(all.map((t) => t.currency)).toEqual(['EUR', 'USD']);
    expect(all.find((t) => t.currency === 'USD')).toMatchObject({ orders: 2, totalMinor: placed.usdMixed.orderTotalMinor + placed.usdOffset.orderTotalMinor, paidMinor: placed.usdMixed.orderTotalMinor + placed.usdOffset.orderTotalMinor, refundedMinor: 0 });
    expect(all.find((t) => t.currency === 'EUR')).toMatchObject({ orders: 1, totalMinor: placed.eurGoods.orderTotalMinor });
  });

  it('follows every filter of the list: product, currency, kind, status, email, dates', async () => {
    expect(await totals(`?product=${offset.id}`)).toEqual([expect.objectContaining({ currency: 'USD', orders: 2 })]);
    expect(await totals(`?product=${goods.id}&currency=EUR`)).toEqual([expect.objectContaining({ currency: 'EUR', orders: 1 })]);
    expect(await totals('?kind=business')).toEqual([]);
    expect(await totals('?status=pending')).toEqual([]);
    expect(await totals(`?email=${encodeURIComponent(placed.eurGoods.email.toUpperCase())}`)).toEqual([expect.objectContaining({ currency: 'EUR', orders: 1 })]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await totals(`?from=${today}&to=${today}`)).reduce((n, t) => n + t.orders, 0)).toBe(3);
    expect(await totals(`?from=${tomorrow}`)).toEqual([]);
    // The list answers the same set.
    const list = json(await call('GET', `/orders?product=${offset.id}&size=1`));
    expect(list.meta.total).toBe(2);
    expect(list.data).toHaveLength(1);
    const bad = await call('GET', '/orders/totals?currency=XYZ&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).fields)).toEqual(expect.arrayContaining(['currency', 'from']));
  });
});

describe('CSV export of the filtered orders', () => {
  it('has the header, one row per filtered order with its amounts in major units, items, and no formulas', async () => {
    const response = await call('GET', `/orders/export?currency=USD&sort=total&page=9`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.split('\n')[0]).toBe(ORDER_CSV_COLUMNS.join(','));
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.order_number).sort()).toEqual([placed.usdMixed.orderNumber, placed.usdOffset.orderNumber].sort());
    const mixed = rows.find((r) => r.order_number === placed.usdMixed.orderNumber)!;
    expect(mixed).toMatchObject({
      status: 'paid',
      kind: 'personal',
      customer_email: placed.usdMixed.email,
      buyer_name: 'Ada Green',
      currency: 'USD',
      subtotal: (placed.usdMixed.subTotalMinor / 100).toFixed(2),
      discount: '0.00',
      total: (placed.usdMixed.orderTotalMinor / 100).toFixed(2),
      paid: (placed.usdMixed.orderTotalMinor / 100).toFixed(2),
      refunded: '0.00',
    });
    expect(mixed.items.split('; ').sort()).toEqual([`2 × ${goods.name}`, `1 × ${offset.name}`].sort());
    expect(mixed.placed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A name typed as a formula stays text in a spreadsheet.
    const formula = rows.find((r) => r.order_number === placed.usdOffset.orderNumber)!;
    expect(formula.buyer_name).toBe(`'=HYPERLINK("https://evil.example") Green`);

    const [audit] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.export'), eq(auditLog.requestId, response.headers['x-request-id'] as string)));
    expect(audit!.summary).toBe('Exported orders as CSV (currency=USD)');
  });

  it('exports an empty set as the header alone', async () => {
    const response = await call('GET', '/orders/export?kind=event');
    expect(response.body).toBe(`${ORDER_CSV_COLUMNS.join(',')}\n`);
  });
});

describe('kind and status filters find the orders they name', () => {
  it('business and event orders by kind; a partly refunded order by status, with its refund in the totals and the CSV', async () => {
    const bizBuyer = await quickBuyer(app);
    const business = await createBusiness(app, bizBuyer.token, { name: 'Filter Test Ltd' });
    await bizBuyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    const bizOrder = await placeOrder(app, bizBuyer.token, orderBody({ isBusinessOrder: true, businessCode: business.businessCode }));
    expect(bizOrder.body.data.kind).toBe('business');
    const created = await bizCall(app, bizBuyer.token, 'POST', '/api/v1/business-events', { name: 'Filter Summit', startDate: '2026-06-01', endDate: '2026-06-02' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const attendee = await quickBuyer(app);
    await attendee.cart.patch({ products: [{ product: offset.id, quantity: 2 }], conferanceCode: created.body.data.conferanceCode });
    const eventOrder = await placeOrder(app, attendee.token);
    expect(eventOrder.body.data.kind).toBe('event');
    const refund = await call('POST', `/orders/${placed.usdOffset._id}/refunds`, { kind: 'amount', amountMinor: 100, reason: 'Goodwill' });
    expect(refund.statusCode, refund.body).toBe(201);

    const count = async (query: string) => (await totals(query)).reduce((n, t) => n + t.orders, 0);
    expect(await totals('?kind=business')).toEqual([expect.objectContaining({ currency: 'USD', orders: 1, totalMinor: bizOrder.body.data.orderTotalMinor })]);
    expect(await totals('?kind=event')).toEqual([expect.objectContaining({ currency: 'USD', orders: 1, totalMinor: eventOrder.body.data.orderTotalMinor })]);
    expect(await count('?kind=personal')).toBe(3);
    expect(await totals('?status=partially_refunded')).toEqual([expect.objectContaining({ currency: 'USD', orders: 1, totalMinor: placed.usdOffset.orderTotalMinor, refundedMinor: 100 })]);
    expect(await count('?status=paid')).toBe(4);
    expect(json(await call('GET', '/orders?kind=event')).data.map((o: { _id: string }) => o._id)).toEqual([eventOrder.body.data.id]);
    expect(json(await call('GET', '/orders?status=partially_refunded')).data.map((o: { _id: string }) => o._id)).toEqual([placed.usdOffset._id]);

    const rows = (kind: string) => call('GET', `/orders/export?${kind}`).then((r) => parse(r.body, { columns: true }) as Record<string, string>[]);
    expect((await rows('kind=event')).map((r) => [r.order_number, r.kind])).toEqual([[eventOrder.body.data.orderNumber, 'event']]);
    expect((await rows('status=partially_refunded')).map((r) => [r.order_number, r.status, r.refunded])).toEqual([[placed.usdOffset.orderNumber, 'partially_refunded', '1.00']]);
  });
});
