import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql, type Table } from 'drizzle-orm';
import { fromJsonRow, toJsonRow } from '../src/db/json-rows.ts';
import { certificates, orderEvents, orderItems, orders, outboxEmails, products, wishlistItems } from '../src/db/schema/index.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * The order is written and answered as JSON rows (decision 0058, db/json-rows.ts): what the
 * database stores from `toJsonRow`, and what `fromJsonRow` makes of `to_jsonb`, must be exactly
 * what Drizzle writes and reads for the same row. Checked here against the database itself,
 * on rows of every type the order path maps (uuid, text, integer, boolean, jsonb, timestamps, nulls).
 */
let app: FastifyInstance;
let orderId: string;

beforeAll(async () => {
  app = await createTestApp();
  const buyer = await quickBuyer(app);
  const offset = pickProducts(app).plain.find((product) => product.kind === 'offset')!;
  expect((await buyer.cart.patch({ products: [{ product: offset.id, quantity: 2 }] })).status).toBe(200);
  const placed = await placeOrder(app, buyer.token, orderBody());
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  orderId = placed.body.data._id;
});
afterAll(async () => app?.close());

async function jsonRows(table: string, where: string): Promise<Record<string, unknown>[]> {
  const result = (await app.database.db.execute(sql.raw(`select to_jsonb(t) as row from ${table} t where ${where}`))) as unknown as { rows: { row: Record<string, unknown> | string }[] };
  return result.rows.map(({ row }) => (typeof row === 'string' ? JSON.parse(row) : row));
}

describe('rows as JSON', () => {
  it('fromJsonRow reads to_jsonb exactly as Drizzle reads the row', async () => {
    const cases: [Table, string, Record<string, unknown>[]][] = [
      [orders, 'orders', await app.database.db.select().from(orders).where(eq(orders.id, orderId))],
      [orderItems, 'order_items', await app.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))],
      [orderEvents, 'order_events', await app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))],
      [certificates, 'certificates', await app.database.db.select().from(certificates).where(eq(certificates.orderId, orderId))],
    ];
    for (const [table, name, drizzleRows] of cases) {
      expect(drizzleRows.length, name).toBeGreaterThan(0);
      const fromJson = (await jsonRows(name, `${name === 'orders' ? 'id' : 'order_id'} = '${orderId}'`)).map((row) => fromJsonRow(table, row));
      const byId = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
      expect(byId(fromJson), name).toEqual(byId(drizzleRows));
    }
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
    // The types the mapping must get right, present in this row.
    expect(order!.createdAt).toBeInstanceOf(Date);
    expect(typeof order!.totalMinor).toBe('number');
    expect(order!.address).toMatchObject({ city: 'Bristol' });
  });

  it('toJsonRow writes what Drizzle would: given values, defaults for the rest, nulls kept', async () => {
    const at = new Date('2026-11-28T07:30:00.123Z');
    const given = { orderId, kind: 'note', actor: 'operator', actorUserId: null, note: 'Called the buyer', internal: true, at } as const;
    const row = toJsonRow(orderEvents, given);
    // The id comes from the column's default (a version-7 uuid), drawn in JavaScript.
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await app.database.db.execute(sql`insert into order_events select * from jsonb_populate_record(null::order_events, ${JSON.stringify(row)}::jsonb)`);
    const [stored] = await app.database.db.select().from(orderEvents).where(eq(orderEvents.id, row.id as string));
    expect(stored).toMatchObject({ ...given, id: row.id, amountMinor: null, currency: null });
    expect(stored!.at.toISOString()).toBe(at.toISOString());
  });

  it('toJsonRow fills a SQL now() default with the current time and a literal default as itself', async () => {
    const before = Date.now();
    const mail = toJsonRow(outboxEmails, { toAddress: 'ada@example.com', template: 'test', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
    expect(mail.status).toBe('pending');
    expect(mail.attempts).toBe(0);
    const created = Date.parse(String(mail.created_at));
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Date.now());
    expect(mail.sent_at).toBeNull();
  });

  it('leaves out the columns the database writes itself (generated and identity columns)', () => {
    expect(toJsonRow(products, {})).not.toHaveProperty('search_vector');
    expect(toJsonRow(wishlistItems, {})).not.toHaveProperty('position');
    expect(fromJsonRow(wishlistItems, { position: 7 })).toHaveProperty('position', 7);
  });
});
