import type { Product } from '@app/contract';

export interface OffsetLine {
  product: Product;
  /** Tonnes of CO2e: offset projects are sold by the tonne. */
  quantity: number;
}

export interface OffsetPlan {
  lines: OffsetLine[];
  /** Whole tonnes the gap needs (rounded up: a part of a tonne cannot be bought). */
  tonnesNeeded: number;
  /** Tonnes the lines cover; less than needed only when the shop has too little in stock. */
  tonnesCovered: number;
}

/**
 * The cart that covers a footprint gap: whole tonnes, from the cheapest offset projects first
 * (`products` in the order to prefer them, e.g. price ascending in the visitor's currency), each
 * up to its stock. Projects sold with colors or sizes, or not by the tonne, are left out.
 */
export function planOffsetCart(products: readonly Product[], gapKg: number): OffsetPlan {
  const tonnesNeeded = Math.max(0, Math.ceil(gapKg / 1000 - 1e-9));
  const lines: OffsetLine[] = [];
  let remaining = tonnesNeeded;
  for (const product of products) {
    if (remaining <= 0) break;
    if (product.kind !== 'offset' || product.variation.length > 0 || product.actualStock <= 0) continue;
    const quantity = Math.min(remaining, product.actualStock);
    lines.push({ product, quantity });
    remaining -= quantity;
  }
  return { lines, tonnesNeeded, tonnesCovered: tonnesNeeded - remaining };
}
