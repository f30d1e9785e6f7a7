import type { Product } from '@app/contract';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@app/contract/cart-rules';
import { readGuestCart, writeGuestCart } from './guest-cart.ts';

/**
 * Adding to a guest's browser cart. Apart from guest-cart.ts (which every page reads for the
 * header count), so its rules load with the first add, not with every page.
 */

export type GuestAddResult = { ok: true; count: number } | { ok: false; message: string };

/** Units of the product (or of the chosen color and size) the catalog says are in stock. */
function stockOf(product: Product, color?: string, size?: string): number {
  if (product.variation.length === 0) return product.actualStock;
  return product.variation.find((c) => c._id === color)?.sizes.find((s) => s._id === size)?.stock ?? 0;
}

function labelOf(product: Product, color?: string, size?: string): string {
  const c = product.variation.find((entry) => entry._id === color);
  const s = c?.sizes.find((entry) => entry._id === size);
  return c && s ? `${product.name} (${c.name}, ${s.name})` : product.name;
}

/**
 * Adds to the guest cart with the server's rules: one line per product, color and size (adding
 * again raises its quantity), no more than the catalog shows in stock, and the same caps.
 */
export function addToGuestCart(product: Product, choice: { quantity: number; color?: string; size?: string }): GuestAddResult {
  const { quantity, color, size } = choice;
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, message: 'Please choose a quantity of at least 1' };
  if (product.variation.length > 0 && (!color || !size)) return { ok: false, message: `Please choose a color and a size of ${product.name}` };
  const lines = readGuestCart();
  const existing = lines.find((line) => line.product === product._id && line.color === color && line.size === size);
  const before = existing?.quantity ?? 0;
  const wanted = before + quantity;
  const label = labelOf(product, color, size);
  const available = stockOf(product, color, size);
  if (wanted > available) {
    if (available <= 0) return { ok: false, message: `${label} is out of stock` };
    const inCart = before > 0 ? `; you already have ${before} in your cart` : '';
    return { ok: false, message: `Only ${available} of ${label} ${available === 1 ? 'is' : 'are'} left in stock${inCart}` };
  }
  if (wanted > CART_MAX_QUANTITY) return { ok: false, message: `You can have at most ${CART_MAX_QUANTITY} of ${label} in your cart` };
  if (existing) existing.quantity = wanted;
  else {
    if (lines.length >= CART_MAX_LINES) return { ok: false, message: `A cart holds at most ${CART_MAX_LINES} different products` };
    lines.push({ product: product._id, quantity, ...(color ? { color } : {}), ...(size ? { size } : {}) });
  }
  writeGuestCart(lines);
  return { ok: true, count: lines.length };
}
