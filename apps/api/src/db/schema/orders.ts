import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { products } from './catalog.ts';
import { users } from './users.ts';

/**
 * Orders, as far as the storefront needs them: who bought what, and whether it was paid. Review
 * eligibility and the public metrics read these; the checkout (cart, payment, certificates)
 * grows this table and writes it.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Set for a business order; the business tables (and their foreign key) come with business accounts. */
    businessId: uuid('business_id'),
    /** pending | paid | cancelled | refunded */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Totals in integer minor units of `currency`, computed by the server. */
    subTotalMinor: integer('sub_total_minor').notNull().default(0),
    discountMinor: integer('discount_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_created_idx').on(t.userId, t.createdAt), index('orders_business_idx').on(t.businessId)],
);

/** The lines of an order, priced when it was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The chosen color and size of a product with variations. */
    colorId: uuid('color_id'),
    sizeId: uuid('size_id'),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);
