import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { users } from './users.ts';

/** Minor units per currency code, e.g. { USD: 500, JPY: 750 }. */
export type AmountPerCurrency = Partial<Record<string, number>>;

/**
 * Coupons an operator created (CLI `coupon:create`, the seed). `usedCount` only grows through the
 * conditional update in coupons.repository.ts `redeem`, which never lets it pass `maxUses`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    /** Always upper case: codes are case-insensitive. */
    code: varchar('code', { length: 40 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull().$type<'percent' | 'amount'>(),
    percentOff: smallint('percent_off'),
    amountOffMinor: jsonb('amount_off_minor').$type<AmountPerCurrency | null>(),
    minimumOrderMinor: jsonb('minimum_order_minor').$type<AmountPerCurrency>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses in all; null is unlimited. */
    maxUses: integer('max_uses'),
    /** Uses per person; null is unlimited. */
    maxUsesPerUser: integer('max_uses_per_user'),
    usedCount: integer('used_count').notNull().default(0),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** Set: an operator disabled the coupon; carts refuse it like an ended one. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_percent_check', sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    // The database itself refuses a count past the limit, whatever the code does.
    check('coupons_used_within_limit', sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
);

/**
 * One row per paid order that used a coupon. The order id is unique, so paying the same order
 * twice (a retried webhook) counts the coupon once; the per-user limit counts these rows.
 * `orderId` has no foreign key here so this file does not depend on the orders tables' growth.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('coupon_redemptions_order_unique').on(t.orderId), index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);
