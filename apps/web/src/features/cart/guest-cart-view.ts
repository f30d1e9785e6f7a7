import type { Product } from '@app/contract';
import { formatPrice, minorToMajor, type Currency } from '@app/contract/money';
import type { GuestCartLine } from './guest-cart.ts';

/** A cart line as the page shows it, for the server cart and the guest cart alike. */
export interface CartLineView {
  key: string;
  productId: string;
  /** The server line's id (signed in), or the guest line's product, color and size. */
  cartItemId?: string;
  guest?: { product: string; color?: string; size?: string };
  name: string;
  slug: string;
  image: string | null;
  variation: string | null;
  quantity: number;
  /** What one unit is: "tonne CO2e" for offsets, "item" for goods. */
  unit: string;
  inStock: number;
  price: string;
  lineTotal: string;
}

/**
 * The guest cart priced for display from the catalog in the display currency. Only a display:
 * the server prices the cart again once the guest signs in (the merge), and at checkout.
 */
export function guestCartView(lines: GuestCartLine[], products: readonly Product[], currency: Currency): { lines: CartLineView[]; subTotal: string | null; currency: Currency } {
  const byId = new Map(products.map((p) => [p._id, p]));
  let subTotalMinor = 0;
  let priceCurrency: Currency = currency;
  // A sub-total adds amounts of one currency only; with a fallback price in another, none is shown.
  const currencies = new Set<Currency>();
  const views: CartLineView[] = [];
  for (const line of lines) {
    const product = byId.get(line.product);
    if (!product) continue;
    const entry = product.priceList.find((p) => p.currency === currency) ?? product.priceList.find((p) => p.currency === 'USD') ?? product.priceList[0];
    const color = product.variation.find((c) => c._id === line.color);
    const size = color?.sizes.find((s) => s._id === line.size);
    const unitMinor = entry?.priceMinor ?? 0;
    if (entry) {
      priceCurrency = entry.currency;
      currencies.add(entry.currency);
    }
    subTotalMinor += unitMinor * line.quantity;
    views.push({
      key: `${line.product}|${line.color ?? ''}|${line.size ?? ''}`,
      productId: product._id,
      guest: { product: line.product, ...(line.color ? { color: line.color } : {}), ...(line.size ? { size: line.size } : {}) },
      name: product.name,
      slug: product.slug,
      image: color?.image ?? product.image[0] ?? null,
      variation: color && size ? `${color.name}, ${size.name}` : null,
      quantity: line.quantity,
      unit: product.unit,
      inStock: product.variation.length ? (size?.stock ?? 0) : product.actualStock,
      price: entry ? formatPrice(entry.price, entry.currency) : '—',
      lineTotal: entry ? formatPrice(minorToMajor(unitMinor * line.quantity, entry.currency), entry.currency) : '—',
    });
  }
  return { lines: views, subTotal: views.length && currencies.size === 1 ? formatPrice(minorToMajor(subTotalMinor, priceCurrency), priceCurrency) : null, currency: priceCurrency };
}
