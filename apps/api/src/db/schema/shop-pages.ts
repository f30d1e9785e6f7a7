import { index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { businesses } from './business.ts';
import { products } from './catalog.ts';
import { users } from './users.ts';

/**
 * A business's shop page (spec §7 Product pages: `business-product-page-settings`). One per
 * business (the unique business id); its address is the business's `businessSlug`, joined at
 * read time so a changed slug moves the page with it.
 */
export const businessProductPages = pgTable('business_product_pages', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 120 }).notNull(),
  tagline: varchar('tagline', { length: 200 }).notNull().default(''),
  description: text('description').notNull().default(''),
  /** `#rrggbb`, lowercase. */
  brandColor: varchar('brand_color', { length: 7 }).notNull().default('#1d4ed8'),
  /** `/uploads/<name>` or ''. */
  logoUrl: varchar('logo_url', { length: 500 }).notNull().default(''),
  bannerUrl: varchar('banner_url', { length: 500 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The catalog products a shop page offers, in the owner's order. */
export const businessPageProducts = pgTable(
  'business_page_products',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => businessProductPages.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.productId] }), index('business_page_products_product_idx').on(t.productId)],
);

/** Images a signed-in person uploaded to their own gallery (`POST /v1/user-galleries`). */
export const userGalleryImages = pgTable(
  'user_gallery_images',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `/uploads/<name>`. */
    url: varchar('url', { length: 500 }).notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    bytes: integer('bytes').notNull(),
    caption: varchar('caption', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_gallery_images_user_idx').on(t.userId, t.createdAt)],
);
