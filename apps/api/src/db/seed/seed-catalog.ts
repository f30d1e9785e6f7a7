import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  categories,
  productCategories,
  productColors,
  productImages,
  productPrices,
  products,
  productSdgs,
  productSizes,
  productStandards,
  sdgs,
  standards,
} from '../schema/index.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { recordOpeningStock } from '../../modules/catalog/stock-opening.ts';
import { availableStock, CATALOG, productImages as imagesOf } from './catalog.ts';
import { priceList } from './prices.ts';
import { CATEGORIES, productImagePath, SDGS, sdgImagePath, STANDARDS, standardLogoPath } from './taxonomy.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

function lookup<T>(map: Map<T, string>, key: T, what: string, product: string): string {
  const id = map.get(key);
  if (!id) throw new Error(`Catalog seed: product "${product}" refers to unknown ${what} "${String(key)}"`);
  return id;
}

/**
 * Taxonomy rows are upserted rather than inserted: an operator may have emptied the products
 * table but kept categories, and the seed must still work without duplicating them.
 */
async function upsertTaxonomy(tx: Transaction) {
  await tx.insert(categories).values(CATEGORIES.map(({ slug, name }) => ({ slug, name }))).onConflictDoNothing();
  await tx
    .insert(standards)
    .values(STANDARDS.map(({ slug, name, website }) => ({ slug, name, website, logo: standardLogoPath(slug) })))
    .onConflictDoNothing();
  await tx
    .insert(sdgs)
    .values(SDGS.map(({ number, name, color }) => ({ number, name, color, image: sdgImagePath(number) })))
    .onConflictDoNothing();

  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, CATEGORIES.map((c) => c.slug)));
  const standardRows = await tx
    .select({ id: standards.id, slug: standards.slug })
    .from(standards)
    .where(inArray(standards.slug, STANDARDS.map((s) => s.slug)));
  const sdgRows = await tx.select({ id: sdgs.id, number: sdgs.number }).from(sdgs);
  return {
    categoryIds: new Map(categoryRows.map((row) => [row.slug, row.id])),
    standardIds: new Map(standardRows.map((row) => [row.slug, row.id])),
    sdgIds: new Map(sdgRows.map((row) => [row.number, row.id])),
  };
}

/** Inserts the whole catalog in one transaction; false when products already exist. */
export async function seedCatalog(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: products.id }).from(products).limit(1);
    if (existing.length > 0) return false;

    const { categoryIds, standardIds, sdgIds } = await upsertTaxonomy(tx);

    // Explicit, strictly increasing v7 ids: the shop lists by id, and ids minted in the same
    // millisecond would otherwise sort at random.
    const base = Date.now();
    let sequence = 0;
    const nextId = () => uuidv7(base + sequence++);

    const productRows: (typeof products.$inferInsert)[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    const priceRows: (typeof productPrices.$inferInsert)[] = [];
    const colorRows: (typeof productColors.$inferInsert)[] = [];
    const sizeRows: (typeof productSizes.$inferInsert)[] = [];
    const categoryLinks: (typeof productCategories.$inferInsert)[] = [];
    const standardLinks: (typeof productStandards.$inferInsert)[] = [];
    const sdgLinks: (typeof productSdgs.$inferInsert)[] = [];

    for (const product of CATALOG) {
      const productId = nextId();
      productRows.push({
        id: productId,
        slug: product.slug,
        name: product.name,
        kind: product.kind,
        shortDescription: product.shortDescription,
        description: product.description,
        countryCode: product.countryCode ?? null,
        stock: availableStock(product),
        unit: product.kind === 'offset' ? 'tonne CO2e' : 'item',
        tags: product.tags,
        projectValidityDate: product.kind === 'offset' ? product.projectValidityDate : null,
        featured: product.featured ?? false,
        offered: product.offered ?? false,
      });
      imagesOf(product).forEach((image, position) => imageRows.push({ productId, url: image.url, alt: image.alt, position }));
      for (const price of priceList(product.usd, product.usdWas)) priceRows.push({ productId, ...price });
      if (product.kind === 'goods') {
        (product.colors ?? []).forEach((color, colorPosition) => {
          const colorId = nextId();
          // Each colour's own drawing (catalog.ts draws one per colour, in colour order) is its photo.
          colorRows.push({ id: colorId, productId, name: color.name, hex: color.hex, image: productImagePath(product.slug, colorPosition), position: colorPosition });
          color.sizes.forEach((size, position) => sizeRows.push({ colorId, name: size.name, stock: size.stock, position }));
        });
      }
      for (const slug of product.categories) categoryLinks.push({ productId, categoryId: lookup(categoryIds, slug, 'category', product.slug) });
      for (const slug of product.standards) standardLinks.push({ productId, standardId: lookup(standardIds, slug, 'standard', product.slug) });
      for (const goal of product.sdgs) sdgLinks.push({ productId, sdgId: lookup(sdgIds, goal, 'SDG', product.slug) });
    }

    await tx.insert(products).values(productRows);
    await tx.insert(productImages).values(imageRows);
    await tx.insert(productPrices).values(priceRows);
    if (colorRows.length > 0) await tx.insert(productColors).values(colorRows);
    if (sizeRows.length > 0) await tx.insert(productSizes).values(sizeRows);
    await tx.insert(productCategories).values(categoryLinks);
    if (standardLinks.length > 0) await tx.insert(productStandards).values(standardLinks);
    await tx.insert(productSdgs).values(sdgLinks);
    // The seeded levels open each product's (and size's) stock ledger.
    await recordOpeningStock(tx);
    return true;
  });
}
