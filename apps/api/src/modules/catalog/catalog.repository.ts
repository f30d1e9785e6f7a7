import { and, asc, avg, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  countries,
  productCategories,
  productColors,
  productImages,
  productReviews,
  productPrices,
  productSdgs,
  productSizes,
  products,
  productStandards,
  sdgs,
  standards,
} from '../../db/schema/index.ts';

export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'> & { countryName: string | null };

/** Everything the shop shows about a set of products, loaded in one query per table. */
export interface ProductBundle {
  products: ProductRow[];
  images: (typeof productImages.$inferSelect)[];
  prices: (typeof productPrices.$inferSelect)[];
  colors: (typeof productColors.$inferSelect)[];
  sizes: (typeof productSizes.$inferSelect)[];
  categories: { productId: string; id: string; name: string; slug: string; position: number }[];
  standards: { productId: string; id: string; name: string; slug: string; logo: string; website: string | null }[];
  sdgs: { productId: string; id: string; number: number; name: string; color: string; image: string }[];
  ratings: { productId: string; average: string | null; count: number }[];
}

/** The stock of one product as stored: its own units, and each size's (products with colors and sizes). */
export interface ProductStockRow {
  id: string;
  stock: number;
  reserved: number;
  sizes: { id: string; stock: number; reserved: number }[];
}

export function createCatalogRepository(db: Database) {
  const productColumns = {
    id: products.id,
    slug: products.slug,
    name: products.name,
    kind: products.kind,
    shortDescription: products.shortDescription,
    description: products.description,
    countryCode: products.countryCode,
    stock: products.stock,
    reserved: products.reserved,
    unit: products.unit,
    tags: products.tags,
    projectValidityDate: products.projectValidityDate,
    featured: products.featured,
    offered: products.offered,
    vintage: products.vintage,
    registryProjectId: products.registryProjectId,
    lowStockThreshold: products.lowStockThreshold,
    archivedAt: products.archivedAt,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    countryName: countries.entity,
  };

  async function loadRelations(rows: ProductRow[], withDetails: boolean): Promise<ProductBundle> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { products: [], images: [], prices: [], colors: [], sizes: [], categories: [], standards: [], sdgs: [], ratings: [] };
    const [images, prices, colors, categoryRows, ratings] = await Promise.all([
      db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position)),
      db.select().from(productPrices).where(inArray(productPrices.productId, ids)),
      db.select().from(productColors).where(inArray(productColors.productId, ids)).orderBy(asc(productColors.position)),
      db
        .select({ productId: productCategories.productId, id: categories.id, name: categories.name, slug: categories.slug, position: categories.position })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(categories.position), asc(categories.name)),
      db
        .select({ productId: productReviews.productId, average: avg(productReviews.rating), count: count() })
        .from(productReviews)
        // A review an operator hid counts for nothing in the product's average and count.
        .where(and(inArray(productReviews.productId, ids), isNull(productReviews.hiddenAt)))
        .groupBy(productReviews.productId),
    ]);
    const colorIds = colors.map((color) => color.id);
    const sizes = colorIds.length
      ? await db.select().from(productSizes).where(inArray(productSizes.colorId, colorIds)).orderBy(asc(productSizes.position))
      : [];
    const bundle: ProductBundle = {
      products: rows,
      images,
      prices,
      colors,
      sizes,
      categories: categoryRows,
      standards: [],
      sdgs: [],
      ratings,
    };
    if (withDetails) {
      const [standardRows, sdgRows] = await Promise.all([
        db
          .select({ productId: productStandards.productId, id: standards.id, name: standards.name, slug: standards.slug, logo: standards.logo, website: standards.website })
          .from(productStandards)
          .innerJoin(standards, eq(standards.id, productStandards.standardId))
          .where(inArray(productStandards.productId, ids)),
        db
          .select({ productId: productSdgs.productId, id: sdgs.id, number: sdgs.number, name: sdgs.name, color: sdgs.color, image: sdgs.image })
          .from(productSdgs)
          .innerJoin(sdgs, eq(sdgs.id, productSdgs.sdgId))
          .where(inArray(productSdgs.productId, ids))
          .orderBy(asc(sdgs.number)),
      ]);
      bundle.standards = standardRows;
      bundle.sdgs = sdgRows;
    }
    return bundle;
  }

  return {
    /**
     * Only the stock of these products and their sizes, in ONE query: what an order, a payment
     * or an expiry changes (the read model patches it in, see `refresh(ids, { stockOnly })`).
     */
    async loadStock(ids: readonly string[]): Promise<ProductStockRow[]> {
      if (ids.length === 0) return [];
      const result = (await db.execute(sql`
        select p.id, p.stock, p.reserved,
          coalesce(json_agg(json_build_object('id', s.id, 'stock', s.stock, 'reserved', s.reserved)) filter (where s.id is not null), '[]'::json) as sizes
        from ${products} p
        left join ${productColors} c on c.product_id = p.id
        left join ${productSizes} s on s.color_id = c.id
        where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        group by p.id`)) as unknown as { rows: { id: string; stock: number; reserved: number; sizes: ProductStockRow['sizes'] }[] };
      return result.rows.map((row) => ({ id: row.id, stock: Number(row.stock), reserved: Number(row.reserved), sizes: row.sizes }));
    },

    /**
     * Every product (or only `ids`) with all it shows, details included: one query per table,
     * however many products (the read model's bulk load). Archived products are not in the
     * catalog: an id among `ids` that was archived loads nothing, so the model drops it.
     */
    async loadProducts(ids?: readonly string[]): Promise<ProductBundle> {
      if (ids && ids.length === 0) return loadRelations([], true);
      const query = db.select(productColumns).from(products).leftJoin(countries, eq(countries.code, products.countryCode));
      const live = isNull(products.archivedAt);
      const rows = await query.where(ids ? and(inArray(products.id, [...ids]), live) : live).orderBy(asc(products.id));
      return loadRelations(rows, true);
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
