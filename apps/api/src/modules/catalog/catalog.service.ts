import { CURRENCY_SYMBOL, SUPPORTED_CURRENCIES, minorToMajor, type Currency, type Product } from '@app/contract';
import type { ProductBundle, ProductStockRow } from './catalog.repository.ts';

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Units that can still be sold: on hand less reserved (never below 0, should stock be lowered under a reservation). */
const available = (row: { stock: number; reserved: number }) => Math.max(0, row.stock - row.reserved);

const CURRENCY_ORDER = new Map<string, number>(SUPPORTED_CURRENCIES.map((c, i) => [c, i]));

/** Catalog rules: how stored rows become the Product the shop reads (spec §3). */
export function toProducts(bundle: ProductBundle, withDetails: boolean): Product[] {
  const images = groupBy(bundle.images, (r) => r.productId);
  const prices = groupBy(bundle.prices, (r) => r.productId);
  const colors = groupBy(bundle.colors, (r) => r.productId);
  const sizes = groupBy(bundle.sizes, (r) => r.colorId);
  const categories = groupBy(bundle.categories, (r) => r.productId);
  const standards = groupBy(bundle.standards, (r) => r.productId);
  const sdgs = groupBy(bundle.sdgs, (r) => r.productId);
  const ratings = new Map(bundle.ratings.map((r) => [r.productId, r]));

  return bundle.products.map((row) => {
    const sizeRows = (colors.get(row.id) ?? []).map((color) => ({ color, sizes: sizes.get(color.id) ?? [] }));
    // A size shows what can still be bought: units on hand less those held by pending orders.
    const variation = sizeRows.map(({ color, sizes: rows }) => {
      const colorSizes = rows.map((size) => ({ _id: size.id, name: size.name, stock: available(size) }));
      return { _id: color.id, name: color.name, hex: color.hex, image: color.image, stock: colorSizes.reduce((sum, s) => sum + s.stock, 0), sizes: colorSizes };
    });
    // With variations, stock is the sum of the sizes'; otherwise the product's own. actualStock
    // subtracts the live reservations of pending orders (decision 0013).
    const allSizes = sizeRows.flatMap((entry) => entry.sizes);
    const stock = variation.length ? allSizes.reduce((sum, size) => sum + size.stock, 0) : row.stock;
    const actualStock = variation.length ? variation.reduce((sum, color) => sum + color.stock, 0) : available(row);
    const priceList = (prices.get(row.id) ?? [])
      .filter((p) => CURRENCY_ORDER.has(p.currency))
      .sort((a, b) => CURRENCY_ORDER.get(a.currency)! - CURRENCY_ORDER.get(b.currency)!)
      .map((p) => {
        const currency = p.currency as Currency;
        return {
          currency,
          currencySymbol: CURRENCY_SYMBOL[currency],
          price: minorToMajor(p.priceMinor, currency),
          oldPrice: p.oldPriceMinor === null ? null : minorToMajor(p.oldPriceMinor, currency),
          priceMinor: p.priceMinor,
          oldPriceMinor: p.oldPriceMinor,
        };
      });
    const product: Product = {
      _id: row.id,
      id: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      image: (images.get(row.id) ?? []).map((img) => img.url),
      shortDescription: row.shortDescription,
      description: row.description,
      country: row.countryCode,
      countryName: row.countryName,
      stock,
      actualStock,
      unit: row.unit,
      variation,
      priceList,
      categoryList: (categories.get(row.id) ?? []).map((c) => ({ category: { _id: c.id, name: c.name, slug: c.slug, position: c.position } })),
      tags: row.tags,
      projectValidityDate: row.projectValidityDate,
      featured: row.featured,
      offered: row.offered,
      averageRating: averageRating(ratings.get(row.id)?.average),
      reviewCount: ratings.get(row.id)?.count ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
    if (withDetails) {
      product.details = {
        standards: (standards.get(row.id) ?? []).map((s) => ({ _id: s.id, name: s.name, slug: s.slug, logo: s.logo, website: s.website })),
        sdgs: (sdgs.get(row.id) ?? []).map((s) => ({ sdg: { _id: s.id, number: s.number, name: s.name, color: s.color, image: s.image } })),
        vintage: row.vintage,
        registryProjectId: row.registryProjectId,
      };
    }
    return product;
  });
}

/**
 * The product with its stock figures replaced by freshly read ones (after an order, a payment or
 * an expiry), by the same rules as `toProducts`: a size shows what can still be bought, a color
 * the sum of its sizes, `stock` the units on hand and `actualStock` the unreserved ones.
 * Answers undefined when the sizes read do not match the product's (its variations changed):
 * then only a full reload of the product is right.
 */
export function withStock(product: Product, row: ProductStockRow): Product | undefined {
  if (product.variation.length === 0) {
    if (row.sizes.length > 0) return undefined;
    return { ...product, stock: row.stock, actualStock: available(row) };
  }
  const sizeById = new Map(row.sizes.map((size) => [size.id, size]));
  let onHand = 0;
  const variation = [];
  for (const color of product.variation) {
    const sizes = [];
    for (const size of color.sizes) {
      const fresh = sizeById.get(size._id);
      if (!fresh) return undefined;
      onHand += fresh.stock;
      sizes.push({ ...size, stock: available(fresh) });
    }
    variation.push({ ...color, sizes, stock: sizes.reduce((sum, s) => sum + s.stock, 0) });
  }
  if (sizeById.size !== product.variation.reduce((n, color) => n + color.sizes.length, 0)) return undefined;
  return { ...product, variation, stock: onHand, actualStock: variation.reduce((sum, color) => sum + color.stock, 0) };
}

/** The mean rating shown on a product: one decimal, null without reviews. */
function averageRating(average: string | null | undefined): number | null {
  if (average === null || average === undefined) return null;
  return Math.round(Number(average) * 10) / 10;
}
