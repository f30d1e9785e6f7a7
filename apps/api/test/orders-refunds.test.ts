import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { auditLog, certificates, orderRefunds, products, referralEarnings, stockLedger, users } from '../src/db/schema/index.ts';
import { mailTo } from './auth-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { ADMIN, adminCall, signedInOperator, type TestOperator } from './admin-helpers.ts';
import { getJson, orderBody, placeOrder, quickBuyer } from './order-helpers.ts';
import { insertBusiness } from './business-fixtures.ts';

/**
 * Operator refunds through the test provider (issue 25, decision 0042): whole, lines and
 * quantities, amounts; what they do to certificates (void, replacement), stock (ledger rows),
 * the buyer's retired tonnes and graphs, referral earnings (a negative row), mail and the
 * timeline; the limits (never more than paid, 20 at once, staff limit). Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
let app: FastifyInstance;
let owner: TestOperator;
let staff: TestOperator;
let offsets: Product[];
let goods: Product;

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000', STAFF_REFUND_LIMIT_MINOR: '1500' } });
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  const plain = pickProducts(app).plain;
  offsets = plain.filter((p) => p.kind === 'offset').slice(0, 2);
  goods = plain.find((p) => p.kind !== 'offset')!;
});
afterAll(async () => app?.close());

const stockOf = async (id: string) => (await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const certsOf = (orderId: string) => app.database.db.select().from(certificates).where(eq(certificates.orderId, orderId)).orderBy(asc(certificates.issuedAt), asc(certificates.serial));
const retired = async (token: string) => (await getJson(app, token, '/api/v1/carbon/offsets')).body.data.tonnesRetired as number;
const graphTonnes = async (token: string) => ((await getJson(app, token, '/api/v1/orders/graph')).body.data as { tonnes: number }[]).reduce((sum, p) => sum + p.tonnes, 0);

/** A buyer referred by someone, with a paid order of 3 t of one offset, 2 t of another and a T-shirt. */
async function paidOrder(lines: { product: Product; quantity: number }[] = [{ product: offsets[0]!, quantity: 3 }, { product: offsets[1]!, quantity: 2 }, { product: goods, quantity: 1 }]) {
  const referrer = await quickBuyer(app);
  const buyer = await quickBuyer(app);
  await app.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, buyer.id));
  expect((await buyer.cart.patch({ products: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })) })).status).toBe(200);
  const placed = await placeOrder(app, buyer.token, orderBody({ referalUserId: referrer.id }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(placed.body.data.status).toBe('paid');
  return { buyer, referrer, order: placed.body.data as { id: string; orderTotalMinor: number; products: { _id: string; product: { id: string }; quantity: number; lineTotalMinor: number }[] } };
}
const lineOf = (order: Awaited<ReturnType<typeof paidOrder>>['order'], product: Product) => order.products.find((l) => l.product.id === product.id)!;
const refund = (token: string, orderId: string, body: unknown, key?: string) =>
  app.inject({ method: 'POST', url: `${ADMIN}/orders/${orderId}/refunds`, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });

describe('operator refunds through the test provider', () => {
  it('refunds 1 t of a 3 t line: that certificate void with a replacement for 2 t, 1 t back in stock, tonnes and graph down by 1, referral reversed pro rata, mail lists the void serial', async () => {
    const { buyer, referrer, order } = await paidOrder();
    const line = lineOf(order, offsets[0]!);
    const [before] = await certsOf(order.id).then((rows) => rows.filter((c) => c.orderItemId === line._id));
    const stockBefore = await stockOf(offsets[0]!.id);
    expect(await retired(buyer.token)).toBe(5);
    expect(await graphTonnes(buyer.token)).toBe(5);

    const response = await refund(owner.token, order.id, { kind: 'lines', lines: [{ lineId: line._id, quantity: 1 }], reason: 'Bought one tonne too many' });
    expect(response.statusCode, response.body).toBe(201);
    const result = json(response).data;
    expect(result).toMatchObject({ status: 'partially_refunded', refund: { status: 'succeeded', kind: 'lines' }, voided: [{ serial: before!.serial, tonnes: 1 }] });
    expect(result.refund.amountMinor).toBe(Math.round(line.lineTotalMinor / 3));

    const after = await certsOf(order.id);
    const old = after.find((c) => c.serial === before!.serial)!;
    expect(old).toMatchObject({ status: 'void', voidReason: 'Bought one tonne too many', replacedBySerial: result.voided[0].replacedBySerial });
    expect(old.voidedAt).toBeInstanceOf(Date);
    const replacement = after.find((c) => c.serial === result.voided[0].replacedBySerial)!;
    expect(replacement).toMatchObject({ status: 'valid', tonnesMilli: 2000, orderItemId: line._id, issuedAt: before!.issuedAt, beneficiaryName: before!.beneficiaryName });
    expect(await stockOf(offsets[0]!.id)).toBe(stockBefore + 1);
    const [ledger] = await app.database.db.select().from(stockLedger).where(and(eq(stockLedger.orderId, order.id), eq(stockLedger.reason, 'return')));
    expect(ledger).toMatchObject({ productId: offsets[0]!.id, delta: 1, actorEmail: owner.email });

    expect(await retired(buyer.token)).toBe(4);
    expect(await graphTonnes(buyer.token)).toBe(4);
    const earnings = await app.database.db.select().from(referralEarnings).where(eq(referralEarnings.userId, referrer.id)).orderBy(asc(referralEarnings.createdAt));
    expect(earnings).toHaveLength(2);
    expect(earnings[1]!.amountMinor).toBe(-Math.round((earnings[0]!.amountMinor * result.refund.amountMinor) / order.orderTotalMinor));

    const read = (await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read.status).toBe('partially_refunded');
    expect(read.tonnes).toBe(4);
    expect(read.products.map((l: { _id: string; refundedQuantity: number }) => [l._id === line._id, l.refundedQuantity])).toEqual(expect.arrayContaining([[true, 1], [false, 0]]));
    expect(read.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'refund_requested', 'partially_refunded', 'certificates_voided', 'refunded']);
    const mails = await mailTo(app, buyer.email);
    const refunded = mails.find((m) => m.template === 'order-refunded')!;
    expect(refunded.text).toContain(before!.serial);
    expect(refunded.html).toContain(`/certificates/${before!.serial}`);
    const confirmation = mails.find((m) => m.template === 'order-confirmation')!;
    for (const c of after.filter((c) => c.serial !== replacement.serial)) expect(confirmation.text).toContain(`${c.serial}`);
    expect(confirmation.html).toContain(`/certificates/${before!.serial}`);
    expect(confirmation.text).toMatch(new RegExp(`${before!.serial} — 3 t, .+: https?://\\S+/certificates/${before!.serial}`));
    const [audit] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')));
    expect(audit).toMatchObject({ actorEmail: owner.email });
  });

  it('a full refund voids every certificate, returns all tonnes, zeroes the referral earning and the buyer’s retired figure; a second refund is a 409', async () => {
    const { buyer, referrer, order } = await paidOrder();
    const stocks = await Promise.all([offsets[0]!.id, offsets[1]!.id, goods.id].map(stockOf));
    const response = await refund(owner.token, order.id, { kind: 'order', reason: 'Customer changed their mind' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json(response).data).toMatchObject({ status: 'refunded', refund: { amountMinor: order.orderTotalMinor, status: 'succeeded' } });
    expect((await certsOf(order.id)).map((c) => c.status)).toEqual(['void', 'void']);
    // Offsets back; goods return to stock only when the operator marks them returned (fulfilment).
    expect(await Promise.all([offsets[0]!.id, offsets[1]!.id, goods.id].map(stockOf))).toEqual([stocks[0]! + 3, stocks[1]! + 2, stocks[2]]);
    expect(await retired(buyer.token)).toBe(0);
    expect(await graphTonnes(buyer.token)).toBe(0);
    const [sum] = await app.database.db.select({ n: count(), total: referralEarnings.amountMinor }).from(referralEarnings).where(eq(referralEarnings.userId, referrer.id)).groupBy(referralEarnings.amountMinor);
    void sum;
    const rows = await app.database.db.select().from(referralEarnings).where(eq(referralEarnings.userId, referrer.id));
    expect(rows).toHaveLength(2);
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(0);
    const again = await refund(owner.token, order.id, { kind: 'amount', amountMinor: 1, reason: 'Once more' });
    expect([again.statusCode, json(again).code]).toEqual([409, 'ORDER_TRANSITION_FORBIDDEN']);
    expect(json(again).message).toMatch(/is refunded and cannot be refunded/);
  });

  it('a partial refund of a business order: the business’s retired tonnes, graph and spend leave the refunded tonne out', async () => {
    const buyer = await quickBuyer(app);
    const business = await insertBusiness(app, buyer.id, 'Refund Counting Ltd');
    const q = `businessCode=${business!.businessCode}&isBusiness=true`;
    const rollup = async () => (await getJson(app, buyer.token, `/api/v1/business-profiles/get/carbon-calculations?businessCode=${business!.businessCode}`)).body.data.offsets;
    type Point = { tonnes: number; spend: { amountMinor: number }[] };
    const points = async () => (await getJson(app, buyer.token, `/api/v1/orders/graph?${q}`)).body.data as Point[];
    const graph = async () => (await points()).reduce((sum, p) => sum + p.tonnes, 0);
    const spend = async () => (await points()).flatMap((p) => p.spend).reduce((sum, s) => sum + s.amountMinor, 0);
    await buyer.cart.patch({ products: [{ product: offsets[0]!.id, quantity: 3 }] });
    const placed = await placeOrder(app, buyer.token, orderBody({ isBusinessOrder: true, businessCode: business!.businessCode }));
    expect([placed.status, placed.body.data.status, placed.body.data.kind]).toEqual([200, 'paid', 'business']);
    expect([await rollup(), await graph()]).toEqual([{ tonnesRetired: 3, orders: 1 }, 3]);
    const line = placed.body.data.products[0];
    expect(await spend()).toBe(placed.body.data.orderTotalMinor);
    const part = await refund(owner.token, placed.body.data.id, { kind: 'lines', lines: [{ lineId: line._id, quantity: 1 }], reason: 'One tonne too many' });
    expect(part.statusCode).toBe(201);
    expect([await rollup(), await graph()]).toEqual([{ tonnesRetired: 2, orders: 1 }, 2]);
    expect(await spend()).toBe(placed.body.data.orderTotalMinor - json(part).data.refund.amountMinor);
    // The buyer's personal figure never counted the business's order.
    expect(await retired(buyer.token)).toBe(0);
    expect((await refund(owner.token, placed.body.data.id, { kind: 'order', reason: 'All of it' })).statusCode).toBe(201);
    expect([await rollup(), await graph()]).toEqual([{ tonnesRetired: 0, orders: 0 }, 0]);
  });

  it('public verification says void with the date; the owner’s list shows it void', async () => {
    const { buyer, order } = await paidOrder([{ product: offsets[0]!, quantity: 1 }]);
    expect((await refund(owner.token, order.id, { kind: 'order', reason: 'Duplicate purchase' })).statusCode).toBe(201);
    const [cert] = await certsOf(order.id);
    const publicView = (await getJson(app, null, `/api/v1/certificates/${cert!.serial}`)).body.data;
    expect(publicView).toMatchObject({ status: 'void', voidReason: 'Duplicate purchase', replacedBySerial: null });
    expect(Date.parse(publicView.voidedAt)).toBeGreaterThan(Date.now() - 60_000);
    const own = (await getJson(app, buyer.token, `/api/v1/users/${buyer.id}/certificates`)).body.data;
    expect(own.find((c: { serial: string }) => c.serial === cert!.serial)).toMatchObject({ status: 'void', voidReason: 'Duplicate purchase' });
  });

  it('an amount refund never exceeds what is left; refunding what is left counts as the whole order', async () => {
    const { order } = await paidOrder([{ product: offsets[0]!, quantity: 2 }]);
    const over = await refund(owner.token, order.id, { kind: 'amount', amountMinor: order.orderTotalMinor + 1, reason: 'Too much' });
    expect([over.statusCode, json(over).code]).toEqual([409, 'REFUND_EXCEEDS_PAYMENT']);
    expect(json(over).fields.amountMinor).toBeDefined();
    const part = await refund(owner.token, order.id, { kind: 'amount', amountMinor: 100, reason: 'Goodwill' });
    expect(json(part).data).toMatchObject({ status: 'partially_refunded', voided: [] });
    expect((await certsOf(order.id)).map((c) => c.status)).toEqual(['valid']);
    const rest = await refund(owner.token, order.id, { kind: 'amount', amountMinor: order.orderTotalMinor - 100, reason: 'The rest' });
    expect(json(rest).data).toMatchObject({ status: 'refunded', voided: [{ tonnes: 2 }] });
  });

  it('bad lines and quantities: 409 naming the field; hostile bodies: 400 naming the field', async () => {
    const { order } = await paidOrder([{ product: offsets[0]!, quantity: 2 }]);
    const line = order.products[0]!;
    const tooMany = await refund(owner.token, order.id, { kind: 'lines', lines: [{ lineId: line._id, quantity: 3 }], reason: 'x' });
    expect([tooMany.statusCode, json(tooMany).code, Object.keys(json(tooMany).fields)]).toEqual([409, 'REFUND_LINES_INVALID', ['lines.0.quantity']]);
    const notOurs = await refund(owner.token, order.id, { kind: 'lines', lines: [{ lineId: '0190a3c4-0000-7000-8000-000000000000', quantity: 1 }], reason: 'x' });
    expect([notOurs.statusCode, Object.keys(json(notOurs).fields)]).toEqual([409, ['lines.0.lineId']]);
    for (const body of [{ kind: 'order' }, { kind: 'everything', reason: 'x' }, { kind: 'amount', amountMinor: 1.5, reason: 'x' }, { kind: 'lines', lines: [], reason: 'x' }, { kind: 'order', reason: '<script>' }, [1, 2]]) {
      const bad = await refund(owner.token, order.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(bad).message).toBeTruthy();
    }
    const missing = await refund(owner.token, '0190a3c4-0000-7000-8000-000000000000', { kind: 'order', reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('staff may refund up to STAFF_REFUND_LIMIT_MINOR of an order in all; owners any amount', async () => {
    const { order } = await paidOrder([{ product: offsets[0]!, quantity: 3 }]);
    expect(order.orderTotalMinor).toBeGreaterThan(1500);
    const small = await refund(staff.token, order.id, { kind: 'amount', amountMinor: 1000, reason: 'Small goodwill' });
    expect(small.statusCode).toBe(201);
    const over = await refund(staff.token, order.id, { kind: 'amount', amountMinor: 501, reason: 'A bit more' });
    expect([over.statusCode, json(over).code]).toEqual([403, 'OWNER_REQUIRED']);
    expect((await refund(owner.token, order.id, { kind: 'order', reason: 'Owner decides' })).statusCode).toBe(201);
  });

  it('20 concurrent refunds of one order never together exceed what was paid; a repeated Idempotency-Key refunds once', async () => {
    const { order } = await paidOrder([{ product: offsets[0]!, quantity: 2 }]);
    const each = Math.floor(order.orderTotalMinor / 7);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(owner.token, order.id, { kind: 'amount', amountMinor: each, reason: `Race ${i}` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(Math.min(20, Math.floor(order.orderTotalMinor / each)));
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    const rows = await app.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBeLessThanOrEqual(order.orderTotalMinor);

    const other = await paidOrder([{ product: offsets[1]!, quantity: 1 }]);
    const same = await Promise.all(Array.from({ length: 20 }, () => refund(owner.token, other.order.id, { kind: 'amount', amountMinor: 50, reason: 'Once' }, 'refund-key-0001')));
    expect(same.filter((a) => a.statusCode >= 300).map((a) => a.body)).toEqual([]);
    const once = await app.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, other.order.id));
    expect(once).toHaveLength(1);
  });

  it('operator cancel of an unpaid order: 409 for a paid one; the history shows the timeline with who did it', async () => {
    const { order } = await paidOrder([{ product: offsets[0]!, quantity: 1 }]);
    const refused = await adminCall(app, owner.token)('POST', `/orders/${order.id}/cancel`, { reason: 'Test' });
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'ORDER_TRANSITION_FORBIDDEN']);
    expect(json(refused).message).toMatch(/is paid and cannot be cancelled: only an order that is awaiting payment can/);
    await refund(owner.token, order.id, { kind: 'order', reason: 'History check' });
    const history = json(await adminCall(app, staff.token)('GET', `/orders/${order.id}/history`)).data;
    expect(history).toMatchObject({ status: 'refunded', refundableMinor: 0, next: [], staffRefundLimitMinor: 1500 });
    expect(history.refunds).toEqual([expect.objectContaining({ reasonText: 'History check', requestedBy: owner.email, status: 'succeeded', kind: 'order' })]);
    expect(history.timeline.find((e: { kind: string }) => e.kind === 'fully_refunded')).toMatchObject({ actor: 'operator', actorEmail: owner.email, amountMinor: order.orderTotalMinor });
  });
});
