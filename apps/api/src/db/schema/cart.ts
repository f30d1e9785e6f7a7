import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { productColors, productSizes } from './catalog.ts';
import { coupons } from './coupons.ts';
import { users } from './users.ts';
import { businesses } from './business.ts';
import { giftColumns } from './gift-columns.ts';

/**
 * One cart per account (unique user id). Every change locks this row first (`FOR UPDATE`), so
 * parallel changes of one person's cart run one after another and none is lost.
 */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The currency the lines are priced in (spec §3 temporaryCheckoutCurrency). */
  currency: varchar('currency', { length: 3 }).notNull().default('USD'),
  type: varchar('type', { length: 16 }).notNull().default('regular'),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  couponType: varchar('coupon_type', { length: 16 }),
  /** Events come later; the cart keeps what the client sent (spec §3 cart update payload). */
  conferanceCode: varchar('conferance_code', { length: 64 }),
  eventOwnerOrder: boolean('event_owner_order').notNull().default(false),
  businessEventUserId: uuid('business_event_user_id'),
  /**
   * The business this cart is being filled for (`PUT /v1/carts/transfer`), or null for a personal
   * cart: the checkout preselects a business order for it. The code is copied for the cart view.
   */
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
  businessCode: varchar('business_code', { length: 32 }),
  /** The id of the last guest cart merged in (itemsPreLogin), so a repeated merge adds nothing. */
  lastMergeId: varchar('last_merge_id', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A line of a cart. Its id is the `cartItemId` clients send. One line per product, color and
 * size (nulls compare equal), so adding again raises the quantity instead of adding a line.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /**
     * No foreign key to products (decision 0058): it made each placement share-lock the product
     * row. Cart writes check the product against the catalog; deleting a product deletes its
     * cart lines explicitly (catalog.writes.ts, admin products.service.ts).
     */
    productId: uuid('product_id').notNull(),
    colorId: uuid('color_id').references(() => productColors.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id').references(() => productSizes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the buyer gives this offset line to someone (PATCH /v1/carts/{id}/gift). */
    ...giftColumns(),
  },
  (t) => [
    unique('cart_items_line_unique').on(t.cartId, t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
