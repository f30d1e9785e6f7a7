import { check, index, pgTable, smallint, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../lib/uuid.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';
import { businesses } from './business.ts';
import { users } from './users.ts';

/**
 * Product reviews by buyers: one per product per order (the unique key makes a second one a
 * conflict even when two arrive at once). `businessId` marks a review written for a business
 * (spec §7 business reviews).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /** Hidden by an operator: out of the public list and the product's average and count, kept for its author. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: varchar('hidden_reason', { length: 300 }),
    hiddenByEmail: varchar('hidden_by_email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_reviews_product_order_key').on(t.productId, t.orderId),
    index('product_reviews_product_created_idx').on(t.productId, t.createdAt),
    index('product_reviews_business_idx').on(t.businessId, t.productId),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
