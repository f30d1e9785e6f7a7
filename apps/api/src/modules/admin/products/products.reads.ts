import { and, asc, avg, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SUPPORTED_CURRENCIES, type Currency } from '@app/contract';
import type { AdminProduct, AdminProductSummary, productListQuerySchema } from '@app/contract/admin';
import type { Database } from '../../../db/client.ts';
import {
  categories,
  orderItems,
  productCategories,
  productColors,
  productImages,
  productPrices,
  productReviews,
  productSdgs,
  productSizes,
  products,
  productStandards,
  sdgs,
  standards,
} from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';

type Db = Database | Tx;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Units on hand and held of a product: its own, or its sizes' sum when it has colours. */
const hasColors = sql`exists (select 1 from ${productColors} c where c.product_id = ${products.id})`;
const sizeSum = (column: 'stock' | 'reserved') =>
  sql`(select coalesce(sum(s.${sql.raw(column)}), 0) from ${productSizes} s join ${productColors} c on c.id = s.color_id where c.product_id = ${products.id})`;
export const stockExpr = sql<number>`(case when ${hasColors} then ${sizeSum('stock')} else ${products.stock} end)::int`;
export const reservedExpr = sql<number>`(case when ${hasColors} then ${sizeSum('reserved')} else ${products.reserved} end)::int`;
/** At or below the product's threshold: what can be sold (stock less reserved), never negative. */
export const lowStockExpr = sql<boolean>`greatest(${stockExpr} - ${reservedExpr}, 0) <= ${products.lowStockThreshold}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const SORT_COLUMNS: Record<ProductListQuery['sort'], SQL> = {
  name: sql`lower(${products.name})`,
  createdAt: sql`${products.createdAt}`,
  updatedAt: sql`${products.updatedAt}`,
  stock: stockExpr,
};

/** The admin's reads of products: the filtered, sorted page of ids and every field of some products. */
export const productReads = {
  async page(db: Db, q: ProductListQuery): Promise<{ ids: string[]; total: number }> {
    const where = and(
      q.status === 'active' ? isNull(products.archivedAt) : q.status === 'archived' ? isNotNull(products.archivedAt) : undefined,
      q.q ? or(ilike(products.name, `%${escapeLike(q.q)}%`), ilike(products.slug, `%${escapeLike(q.q)}%`), eq(sql`${products.id}::text`, q.q)) : undefined,
      q.kind ? eq(products.kind, q.kind) : undefined,
      q.category ? exists(db.select({ one: sql`1` }).from(productCategories).where(and(eq(productCategories.productId, products.id), eq(productCategories.categoryId, q.category)))) : undefined,
      q.tag ? sql`${q.tag} = any(${products.tags})` : undefined,
      q.featured === undefined ? undefined : eq(products.featured, q.featured),
      q.offered === undefined ? undefined : eq(products.offered, q.offered),
      q.lowStock === undefined ? undefined : q.lowStock ? lowStockExpr : sql`not ${lowStockExpr}`,
    );
    const column = SORT_COLUMNS[q.sort];
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(q.order === 'asc' ? asc(column) : desc(column), asc(products.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(products).where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: Number(total?.n ?? 0) };
  },

  /** Every field of these products, in the order of `ids` (one query per table). */
  async load(db: Db, ids: string[]): Promise<AdminProduct[]> {
    if (ids.length === 0) return [];
    const [rows, images, prices, colors, cats, stds, goals, ratings, ordered] = await Promise.all([
      db.select().from(products).where(inArray(products.id, ids)),
      db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position), asc(productImages.id)),
      db.select().from(productPrices).where(inArray(productPrices.productId, ids)),
      db.select().from(productColors).where(inArray(productColors.productId, ids)).orderBy(asc(productColors.position), asc(productColors.id)),
      db
        .select({ productId: productCategories.productId, id: categories.id, name: categories.name, slug: categories.slug })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(categories.position), asc(categories.name)),
      db
        .select({ productId: productStandards.productId, id: standards.id, name: standards.name, slug: standards.slug })
        .from(productStandards)
        .innerJoin(standards, eq(standards.id, productStandards.standardId))
        .where(inArray(productStandards.productId, ids))
        .orderBy(asc(standards.name)),
      db.select({ productId: productSdgs.productId, number: sdgs.number }).from(productSdgs).innerJoin(sdgs, eq(sdgs.id, productSdgs.sdgId)).where(inArray(productSdgs.productId, ids)).orderBy(asc(sdgs.number)),
      db
        .select({ productId: productReviews.productId, average: avg(productReviews.rating), count: count() })
        .from(productReviews)
        .where(and(inArray(productReviews.productId, ids), isNull(productReviews.hiddenAt)))
        .groupBy(productReviews.productId),
      db.selectDistinct({ productId: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, ids)),
    ]);
    const colorIds = colors.map((color) => color.id);
    const sizes = colorIds.length ? await db.select().from(productSizes).where(inArray(productSizes.colorId, colorIds)).orderBy(asc(productSizes.position), asc(productSizes.id)) : [];
    const everOrdered = new Set(ordered.map((row) => row.productId));
    const byProduct = <T extends { productId: string }>(list: T[], id: string) => list.filter((row) => row.productId === id);
    const ratingOf = new Map(ratings.map((row) => [row.productId, row]));
    const rowById = new Map(rows.map((row) => [row.id, row]));

    return ids.flatMap((id) => {
      const row = rowById.get(id);
      if (!row) return [];
      const productColorsList = colors
        .filter((color) => color.productId === id)
        .map((color) => ({
          _id: color.id,
          name: color.name,
          hex: color.hex,
          image: color.image,
          sizes: sizes.filter((size) => size.colorId === color.id).map((size) => ({ _id: size.id, name: size.name, stock: size.stock, reserved: size.reserved })),
        }));
      const allSizes = productColorsList.flatMap((color) => color.sizes);
      const stock = productColorsList.length ? allSizes.reduce((sum, size) => sum + size.stock, 0) : row.stock;
      const reserved = productColorsList.length ? allSizes.reduce((sum, size) => sum + size.reserved, 0) : row.reserved;
      const available = productColorsList.length ? allSizes.reduce((sum, size) => sum + Math.max(0, size.stock - size.reserved), 0) : Math.max(0, row.stock - row.reserved);
      const rating = ratingOf.get(id);
      const product: AdminProduct = {
        _id: row.id,
        slug: row.slug,
        name: row.name,
        kind: row.kind,
        status: row.archivedAt ? 'archived' : 'active',
        archivedAt: row.archivedAt?.toISOString() ?? null,
        shortDescription: row.shortDescription,
        description: row.description,
        unit: row.unit,
        countryCode: row.countryCode,
        featured: row.featured,
        offered: row.offered,
        tags: row.tags,
        categories: byProduct(cats, id).map((c) => ({ _id: c.id, name: c.name, slug: c.slug })),
        standards: byProduct(stds, id).map((s) => ({ _id: s.id, name: s.name, slug: s.slug })),
        sdgs: byProduct(goals, id).map((g) => g.number),
        projectValidityDate: row.projectValidityDate,
        vintage: row.vintage,
        registryProjectId: row.registryProjectId,
        prices: SUPPORTED_CURRENCIES.flatMap((currency: Currency) => {
          const price = prices.find((p) => p.productId === id && p.currency === currency);
          return price ? [{ currency, priceMinor: price.priceMinor, oldPriceMinor: price.oldPriceMinor }] : [];
        }),
        images: byProduct(images, id).map((image) => ({ _id: image.id, url: image.url, alt: image.alt, position: image.position })),
        stock,
        reserved,
        available,
        lowStockThreshold: row.lowStockThreshold,
        lowStock: available <= row.lowStockThreshold,
        colors: productColorsList,
        everOrdered: everOrdered.has(id),
        averageRating: rating?.average == null ? null : Math.round(Number(rating.average) * 10) / 10,
        reviewCount: Number(rating?.count ?? 0),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
      return [product];
    });
  },
};

export function toSummary(product: AdminProduct): AdminProductSummary {
  const { _id, slug, name, kind, status, featured, offered, prices, stock, reserved, available, lowStockThreshold, lowStock, categories: cats, updatedAt, createdAt } = product;
  return { _id, slug, name, kind, status, featured, offered, prices, stock, reserved, available, lowStockThreshold, lowStock, categories: cats, updatedAt, createdAt, image: product.images[0]?.url ?? null };
}
