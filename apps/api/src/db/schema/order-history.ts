import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The order timeline: one row per thing that happened to an order (placed, paid, expired,
 * cancelled, refund requested, refunded …), written in the same transaction as the change it
 * records (modules/orders/order-state.ts). The buyer reads the rows not marked internal.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** buyer | operator | system | provider */
    actor: varchar('actor', { length: 16 }).notNull(),
    /** The person, when a person did it (buyer or operator). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** placed | paid | payment_received | expired | cancelled | refund_requested | refunded | refund_failed */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Money the event moved, in minor units of `currency`. */
    amountMinor: integer('amount_minor'),
    currency: varchar('currency', { length: 3 }),
    note: text('note'),
    /** Shown to operators only (issue 25's notes); the buyer's history leaves it out. */
    internal: boolean('internal').notNull().default(false),
  },
  (t) => [index('order_events_order_at_idx').on(t.orderId, t.at)],
);

/**
 * Refunds asked of the payment provider, one row each: the row is written (pending) in the same
 * transaction that decides the refund, then the provider is called with the row's id as its
 * idempotency key, so a retry after a lost answer never refunds twice.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** pending (asked, or about to be) | succeeded | failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** coupon_exhausted | order_not_payable | requested (issue 25) … */
    reason: varchar('reason', { length: 32 }).notNull(),
    /** Makes one decision one refund: e.g. `auto-<payment reference>` for a payment we could not accept. */
    requestKey: varchar('request_key', { length: 300 }).notNull().unique(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }).unique(),
    /** The operator's reason, as typed (issue 25); `reason` is the kind. */
    reasonText: text('reason_text'),
    /** What an operator's refund covered: whole order, lines and quantities, or an amount (decision 0042). */
    scope: jsonb('scope').$type<{ kind: 'order' | 'lines' | 'amount'; lines?: { orderItemId: string; quantity: number }[] } | null>(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
