import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { orderItems, orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Shipments of an order's goods lines (issue 25, decision 0044): one row per parcel an operator
 * sends, with its carrier and tracking number, `shipped` until marked `delivered`. Offset lines
 * never have one (they are retired on payment). Written only by admin/orders/fulfilment.service.ts,
 * under the order's row lock, so racing shipments never send more than was ordered.
 */
export const orderFulfilments = pgTable(
  'order_fulfilments',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** shipped | delivered */
    status: varchar('status', { length: 16 }).notNull().default('shipped'),
    carrier: varchar('carrier', { length: 60 }).notNull(),
    trackingNumber: varchar('tracking_number', { length: 100 }).notNull(),
    /** The carrier's tracking page for this number, when the carrier is one the shop knows. */
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_fulfilments_order_idx').on(t.orderId), check('order_fulfilments_status', sql`${t.status} in ('shipped', 'delivered')`)],
);

/** Which units of which order line went in a shipment. */
export const orderFulfilmentLines = pgTable(
  'order_fulfilment_lines',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    fulfilmentId: uuid('fulfilment_id')
      .notNull()
      .references(() => orderFulfilments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_fulfilment_lines_fulfilment_idx').on(t.fulfilmentId), index('order_fulfilment_lines_item_idx').on(t.orderItemId), check('order_fulfilment_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * Units of a shipped line that came back, one row per line of a return the operator records;
 * the units went back to stock in the same transaction (a stock ledger row, reason `return`).
 */
export const orderLineReturns = pgTable(
  'order_line_returns',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The rows of one recorded return share it. */
    returnId: uuid('return_id').notNull(),
    quantity: integer('quantity').notNull(),
    note: varchar('note', { length: 300 }),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_line_returns_order_idx').on(t.orderId), index('order_line_returns_item_idx').on(t.orderItemId), check('order_line_returns_quantity_positive', sql`${t.quantity} > 0`)],
);
