import type { PriceEntry, Product } from '@app/contract';
import { DEFAULT_CURRENCY, formatPrice, type Currency } from '@app/contract/money';

export interface DisplayPrice {
  price: string;
  oldPrice: string | null;
}

/**
 * The price to show in the chosen currency (spec §2.6: 2 decimals, currency code, no symbol).
 * A product without that currency falls back to the default currency, then to its first entry;
 * the code printed beside the amount keeps the fallback honest.
 */
export function displayPrice(product: Pick<Product, 'priceList'>, currency: Currency): DisplayPrice | null {
  const entry = displayPriceEntry(product, currency);
  if (!entry) return null;
  return {
    price: formatPrice(entry.price, entry.currency),
    // Shown struck through whenever the list carries one (spec §3 priceList.oldPrice).
    oldPrice: entry.oldPrice !== null ? formatPrice(entry.oldPrice, entry.currency) : null,
  };
}

/** The priceList entry shown for a currency, with the fallbacks described above. */
export function displayPriceEntry(product: Pick<Product, 'priceList'>, currency: Currency): PriceEntry | undefined {
  return (
    product.priceList.find((p) => p.currency === currency) ??
    product.priceList.find((p) => p.currency === DEFAULT_CURRENCY) ??
    product.priceList[0]
  );
}

export const KIND_LABEL: Record<Product['kind'], string> = {
  offset: 'Offset project',
  goods: 'Product',
};
