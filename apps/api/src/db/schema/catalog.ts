import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Products: carbon-offset projects (sold per tonne) and sustainable goods. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    slug: varchar('slug', { length: 160 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'offset' | 'goods'>(),
    shortDescription: text('short_description').notNull(),
    description: text('description').notNull(),
    countryCode: varchar('country_code', { length: 2 }),
    /** Units on hand for products without variations; ignored when variations carry the stock. */
    stock: integer('stock').notNull().default(0),
    /**
     * Units held by pending orders (orders/stock.repository.ts): sellable is stock − reserved.
     * Raised only by a conditional update that keeps it within stock; lowered on payment or expiry.
     */
    reserved: integer('reserved').notNull().default(0),
    /** "tonne CO2e" for offsets, "item" for goods: what one unit of stock is. */
    unit: varchar('unit', { length: 32 }).notNull().default('item'),
    tags: text('tags').array().notNull().default([]),
    projectValidityDate: date('project_validity_date'),
    featured: boolean('featured').notNull().default(false),
    offered: boolean('offered').notNull().default(false),
    /** The year an offset's tonnes were reduced or removed. */
    vintage: smallint('vintage'),
    /** The project's id at its registry (Verra VCS 1234, GS-5678…). */
    registryProjectId: varchar('registry_project_id', { length: 80 }),
    /** The low-stock list shows the product when what can be sold is at or below this. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** Set: the product left the catalog (it was ordered, so it is never deleted); orders, certificates and reviews keep it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Full-text search (catalog.search.ts): name weighs most (A), tags next (B; the country name,
     * also B, lives in countries and is added at query time), descriptions least (C).
     * catalog_tags_text is an immutable wrapper from migration 0005.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, catalog_tags_text(tags)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(short_description, '') || ' ' || coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    index('products_kind_idx').on(t.kind),
    index('products_search_idx').using('gin', t.searchVector),
    check('products_reserved_not_negative', sql`${t.reserved} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** One row per supported currency: prices in integer minor units of that currency. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    oldPriceMinor: integer('old_price_minor'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.currency] })],
);

export const productColors = pgTable(
  'product_colors',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    hex: varchar('hex', { length: 7 }),
    /** The photo shown when a shopper picks this colour (an image URL like product_images.url); none: the product's own images. */
    image: text('image'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('product_colors_product_idx').on(t.productId, t.position)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    colorId: uuid('color_id').notNull().references(() => productColors.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    stock: integer('stock').notNull().default(0),
    /** Units of this size held by pending orders, as products.reserved. */
    reserved: integer('reserved').notNull().default(0),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('product_sizes_color_idx').on(t.colorId, t.position), check('product_sizes_reserved_not_negative', sql`${t.reserved} >= 0`)],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  name: varchar('name', { length: 80 }).notNull(),
  slug: varchar('slug', { length: 80 }).notNull().unique(),
  /** The operators' order: the storefront lists categories by it. */
  position: integer('position').notNull().default(0),
});

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)],
);

/** Certification standards (Verra VCS, Gold Standard, ...) with a logo the project draws. */
export const standards = pgTable('standards', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  name: varchar('name', { length: 120 }).notNull(),
  slug: varchar('slug', { length: 80 }).notNull().unique(),
  logo: text('logo').notNull(),
  website: text('website'),
});

export const productStandards = pgTable(
  'product_standards',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    standardId: uuid('standard_id').notNull().references(() => standards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.standardId] })],
);

/** The 17 UN Sustainable Development Goals, with images the project draws (SVG). */
export const sdgs = pgTable('sdgs', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  number: smallint('number').notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  color: varchar('color', { length: 7 }).notNull(),
  image: text('image').notNull(),
});

export const productSdgs = pgTable(
  'product_sdgs',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sdgId: uuid('sdg_id').notNull().references(() => sdgs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sdgId] })],
);
