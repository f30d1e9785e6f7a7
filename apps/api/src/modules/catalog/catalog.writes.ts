import { eq } from 'drizzle-orm';
import type { Currency } from '@app/contract';
import type { Database } from '../../db/client.ts';
import {
  categories,
  productCategories,
  productColors,
  productImages,
  productPrices,
  productSdgs,
  productSizes,
  products,
  productStandards,
} from '../../db/schema/index.ts';
import type { CatalogHandle } from './catalog.events.ts';
import { deleteUnorderedProduct } from './delete-product.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NewProduct {
  slug: string;
  name: string;
  kind: 'offset' | 'goods';
  shortDescription: string;
  description: string;
  stock: number;
  unit?: string;
  countryCode?: string | null;
  featured?: boolean;
  offered?: boolean;
  prices: { currency: Currency; priceMinor: number; oldPriceMinor?: number | null }[];
  images?: string[];
  categoryIds?: string[];
}

export type ProductPatch = Partial<Pick<NewProduct, 'name' | 'shortDescription' | 'description' | 'featured' | 'offered' | 'unit' | 'countryCode'>>;

/**
 * The catalog's writes. Each runs in one transaction and then calls `catalog.changed` with the
 * products it touched, so no read served after it returns is stale, in this process or (within a
 * second) in any other. Checkout, admin screens and reviews write the catalog through here, or
 * call `app.catalog.changed` themselves after their own transaction.
 */
export function createCatalogWrites(db: Database, catalog: Pick<CatalogHandle, 'changed'>) {
  async function write<T>(productIds: (result: T) => string[] | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    await catalog.changed(productIds(result));
    return result;
  }
  const touch = (tx: Tx, productId: string) => tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));

  return {
    /** Units on hand of a product without variations. */
    setStock: (productId: string, stock: number) =>
      write(
        () => [productId],
        (tx) => tx.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, productId)),
      ),

    /** Units on hand of one size of a product with variations. */
    setSizeStock: (sizeId: string, stock: number) =>
      write<string | undefined>(
        (productId) => (productId ? [productId] : []),
        async (tx) => {
          await tx.update(productSizes).set({ stock }).where(eq(productSizes.id, sizeId));
          const [row] = await tx
            .select({ productId: productColors.productId })
            .from(productSizes)
            .innerJoin(productColors, eq(productColors.id, productSizes.colorId))
            .where(eq(productSizes.id, sizeId));
          return row?.productId;
        },
      ),

    setPrice: (productId: string, currency: Currency, priceMinor: number, oldPriceMinor: number | null = null) =>
      write(
        () => [productId],
        async (tx) => {
          await tx
            .insert(productPrices)
            .values({ productId, currency, priceMinor, oldPriceMinor })
            .onConflictDoUpdate({ target: [productPrices.productId, productPrices.currency], set: { priceMinor, oldPriceMinor } });
          await touch(tx, productId);
        },
      ),

    updateProduct: (productId: string, patch: ProductPatch) =>
      write(
        () => [productId],
        (tx) => tx.update(products).set({ ...patch, updatedAt: new Date() }).where(eq(products.id, productId)),
      ),

    createProduct: (input: NewProduct) =>
      write<string>(
        (id) => [id],
        async (tx) => {
          const { prices, images = [], categoryIds = [], ...fields } = input;
          const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
          if (prices.length) await tx.insert(productPrices).values(prices.map((price) => ({ productId: row.id, oldPriceMinor: null, ...price })));
          if (images.length) await tx.insert(productImages).values(images.map((url, position) => ({ productId: row.id, url, position })));
          if (categoryIds.length) await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId: row.id, categoryId })));
          return row.id;
        },
      ),

    removeProduct: (productId: string) =>
      write(
        () => [productId],
        async (tx) => {
          if (!(await deleteUnorderedProduct(tx, productId))) throw new Error(`removeProduct: product ${productId} was ordered or does not exist; archive it instead`);
        },
      ),

    setImages: (productId: string, urls: string[]) =>
      write(
        () => [productId],
        async (tx) => {
          await tx.delete(productImages).where(eq(productImages.productId, productId));
          if (urls.length) await tx.insert(productImages).values(urls.map((url, position) => ({ productId, url, position })));
          await touch(tx, productId);
        },
      ),

    setCategories: (productId: string, categoryIds: string[]) =>
      write(
        () => [productId],
        async (tx) => {
          await tx.delete(productCategories).where(eq(productCategories.productId, productId));
          if (categoryIds.length) await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
          await touch(tx, productId);
        },
      ),

    /** A category's name shows on every product in it: those are reloaded. */
    renameCategory: (categoryId: string, name: string) =>
      write<string[]>(
        (productIds) => productIds,
        async (tx) => {
          await tx.update(categories).set({ name }).where(eq(categories.id, categoryId));
          const rows = await tx.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, categoryId));
          return rows.map((row) => row.id);
        },
      ),

    setStandards: (productId: string, standardIds: string[]) =>
      write(
        () => [productId],
        async (tx) => {
          await tx.delete(productStandards).where(eq(productStandards.productId, productId));
          if (standardIds.length) await tx.insert(productStandards).values(standardIds.map((standardId) => ({ productId, standardId })));
          await touch(tx, productId);
        },
      ),

    setSdgs: (productId: string, sdgIds: string[]) =>
      write(
        () => [productId],
        async (tx) => {
          await tx.delete(productSdgs).where(eq(productSdgs.productId, productId));
          if (sdgIds.length) await tx.insert(productSdgs).values(sdgIds.map((sdgId) => ({ productId, sdgId })));
          await touch(tx, productId);
        },
      ),
  };
}
export type CatalogWrites = ReturnType<typeof createCatalogWrites>;
