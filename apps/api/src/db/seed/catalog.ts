import { CARE_TRAVEL_OFFICE_GOODS } from './goods-care-travel-office.ts';
import { APPAREL_HOME_GOODS } from './goods-apparel-home.ts';
import { NATURE_OFFSETS } from './offsets-nature.ts';
import { TECHNOLOGY_OFFSETS } from './offsets-technology.ts';
import { productImagePath } from './taxonomy.ts';
import type { GoodsSeed, OffsetSeed, ProductSeed } from './types.ts';

/**
 * Spreads two lists evenly into one, so the default listing (by id, i.e. insertion order)
 * shows a mix of projects and goods instead of one block after the other.
 */
function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && i / a.length <= j / b.length);
    out.push(takeA ? a[i++] : b[j++]);
  }
  return out;
}

const OFFSETS: OffsetSeed[] = interleave(NATURE_OFFSETS, TECHNOLOGY_OFFSETS);
const GOODS: GoodsSeed[] = interleave(APPAREL_HOME_GOODS, CARE_TRAVEL_OFFICE_GOODS);

/** Every catalog product, in listing order. */
export const CATALOG: ProductSeed[] = interleave<ProductSeed>(OFFSETS, GOODS);

export interface SeedImage {
  url: string;
  alt: string;
  /** Colour the drawing is painted in (goods only). */
  hex?: string;
}

/** Images of a product: one illustration per project, one drawing per colour of a good. */
export function productImages(product: ProductSeed): SeedImage[] {
  if (product.kind === 'offset') return [{ url: productImagePath(product.slug), alt: product.alt }];
  if (product.colors?.length) {
    return product.colors.map((color, index) => ({
      url: productImagePath(product.slug, index),
      alt: `${product.name} in ${color.name.toLowerCase()}`,
      hex: color.hex,
    }));
  }
  return [{ url: productImagePath(product.slug), alt: product.name, hex: product.hex }];
}

/** Units a shopper can buy: the sizes' stock when the product has variations. */
export function availableStock(product: ProductSeed): number {
  if (product.kind === 'goods' && product.colors?.length) {
    return product.colors.reduce((sum, color) => sum + color.sizes.reduce((s, size) => s + size.stock, 0), 0);
  }
  return product.stock ?? 0;
}
