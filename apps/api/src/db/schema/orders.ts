import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { randomOrderNumber } from '../../lib/order-number.ts';
import { coupons } from './coupons.ts';
import { users } from './users.ts';
import { businesses } from './business.ts';
import { giftColumns } from './gift-columns.ts';

/** The address an order ships to or is billed at, as the contract's orderAddressSchema. */
export interface StoredOrderAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string | null;
  city: string;
  postalCode: string;
  region?: string | null;
  country: string;
  phone?: string | null;
}

/**
 * Orders: placed from the buyer's server cart (orders.service.ts), with prices, totals, coupon and
 * discount frozen. Review eligibility, carbon offsets and the public metrics read them
 * (modules/orders/purchases.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    /** Short and readable for mails and support, e.g. GM-4F7K2-QXA9M (older orders: GM-20261123-4F7K2QXA). */
    orderNumber: varchar('order_number', { length: 32 })
      .notNull()
      .unique()
      .$defaultFn(() => randomOrderNumber()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Set for a business order: the business it was bought for. */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'restrict' }),
    /** pending | paid | cancelled | expired | partially_refunded | refunded (decision 0042: modules/orders/order-state.ts) */
    status: varchar('status', { length: 24 }).notNull().default('pending'),
    /** personal | business | event */
    kind: varchar('kind', { length: 16 }).notNull().default('personal'),
    businessCode: varchar('business_code', { length: 64 }),
    conferanceCode: varchar('conferance_code', { length: 64 }),
    eventOwnerOrder: boolean('event_owner_order').notNull().default(false),
    businessEventUserId: uuid('business_event_user_id'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Totals in integer minor units of `currency`, computed by the server. */
    subTotalMinor: integer('sub_total_minor').notNull().default(0),
    discountMinor: integer('discount_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    /** The coupon used, frozen: its id (for redemption on payment), code and unit. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: varchar('coupon_code', { length: 40 }),
    discountUnit: varchar('discount_unit', { length: 8 }),
    /** Who referred this purchase (spec §4 Referral): earns a share when it is paid. */
    referrerUserId: uuid('referrer_user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: varchar('first_name', { length: 80 }).notNull().default(''),
    lastName: varchar('last_name', { length: 80 }).notNull().default(''),
    buyerEmail: varchar('buyer_email', { length: 254 }).notNull().default(''),
    address: jsonb('address').$type<StoredOrderAddress | null>(),
    /** The client's Idempotency-Key and a hash of its request: a retry answers the first order. */
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    requestHash: varchar('request_hash', { length: 64 }),
    paymentProvider: varchar('payment_provider', { length: 16 }).notNull().default('test'),
    paymentReference: varchar('payment_reference', { length: 255 }),
    checkoutUrl: text('checkout_url'),
    /** While pending: when the stock reservation lapses and the order expires. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The placing client's address (IPv6 cut to its /56, as the rate limits count it): unpaid
     * orders per address are capped (decision 0025).
     */
    clientKey: varchar('client_key', { length: 64 }),
    /** The provider's id of the payment itself (Stripe's PaymentIntent), which refunds name. */
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    /** Money the provider took for this order, in minor units (also for a payment that was not accepted and is refunded). */
    paidMinor: integer('paid_minor').notNull().default(0),
    /** Money refunded or being refunded: never more than `paidMinor` (a check, and conditional updates). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why it was cancelled: buyer (they cancelled it), coupon_exhausted (the coupon ran out before payment). */
    cancelReason: varchar('cancel_reason', { length: 32 }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Only business orders: most orders have none, and a NULL entry per order is a write for nothing (migration 0049).
    index('orders_business_idx').on(t.businessId).where(sql`${t.businessId} is not null`),
    // One order per key and person, whatever the race: the second insert fails and answers the first.
    uniqueIndex('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    // The expiry sweeper looks for pending orders past their reservation.
    index('orders_pending_reserved_until_idx').on(t.reservedUntil).where(sql`${t.status} = 'pending'`),
    // Coupon uses held by pending orders count against the coupon's limits.
    index('orders_coupon_idx').on(t.couponId).where(sql`${t.couponId} is not null`),
    check('orders_totals_not_negative', sql`${t.subTotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.totalMinor} >= 0`),
    check('orders_refunds_within_payment', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.paidMinor}`),
    // Unpaid orders are capped per account and per client address (decision 0025): counted here.
    // The coupon's id is a second key, so place_order's count of a buyer's unpaid orders with one
    // coupon has an index that answers it whatever the plan was made from (migration 0047).
    index('orders_pending_user_idx').on(t.userId, t.couponId).where(sql`${t.status} = 'pending'`),
    index('orders_pending_client_idx').on(t.clientKey).where(sql`${t.status} = 'pending'`),
    // A provider's refund event names the payment, not our order.
    index('orders_provider_payment_idx').on(t.providerPaymentId).where(sql`${t.providerPaymentId} is not null`),
  ],
);

/** The lines of an order, priced and named when it was placed (later catalog edits do not change them). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * No foreign key to products (decision 0058): the line is a frozen copy and products are
     * archived, never deleted once ordered, so the key only made every buyer of a product take a
     * share lock on its row. The delete paths refuse an ordered product themselves.
     */
    productId: uuid('product_id').notNull(),
    /** The chosen color and size of a product with variations; the reservation sits on the size. */
    colorId: uuid('color_id'),
    sizeId: uuid('size_id'),
    quantity: integer('quantity').notNull(),
    /** Units of this line refunded by an operator (decision 0042): never more than `quantity`. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    productName: varchar('product_name', { length: 200 }).notNull().default(''),
    productSlug: varchar('product_slug', { length: 160 }).notNull().default(''),
    productKind: varchar('product_kind', { length: 16 }).notNull().default(''),
    productUnit: varchar('product_unit', { length: 32 }).notNull().default(''),
    productImages: text('product_images').array().notNull().default([]),
    colorName: varchar('color_name', { length: 60 }),
    sizeName: varchar('size_name', { length: 30 }),
    /** Copied from the cart line: this offset line is a gift (its certificate names the recipient). */
    ...giftColumns(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_refunded_within_quantity', sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`),
  ],
);
