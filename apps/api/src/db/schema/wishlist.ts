import { bigint, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

/**
 * One row per product on a user's wishlist. The primary key makes a product appear once per list
 * (two tabs adding it at once end with one row). `position` comes from one sequence, so ordering
 * by it is the order of adding. Deleting a product or a user removes its rows.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_position_idx').on(t.userId, t.position)],
);
