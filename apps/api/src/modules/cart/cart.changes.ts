import type { Currency, Product } from '@app/contract';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@app/contract/cart';
import { AppError } from '../../lib/app-error.ts';
import type { CartItemRow, StockLevels } from './cart.repository.ts';
import { unitPriceMinor } from './cart.view.ts';

/**
 * What one cart update does to the lines, worked out before anything is written: the spec §3
 * payload in its three modes, then the stock check, then the rows to insert, update and delete.
 *
 * - add (default): each entry adds its quantity to the line of that product, color and size
 *   (a new line if there is none); quantity 0 removes that line.
 * - checkout: each entry names a line by cartItemId and sets its quantity; 0 removes it (the
 *   cart page's "decrease" of a line at 1).
 * - merge (itemsPreLogin): a guest's browser cart joins the account's cart at login. Nothing in
 *   it is refused: unknown products are skipped and quantities are cut to what is in stock, and
 *   the notes say so (a login must not fail over a stale browser cart).
 */

export type ChangeMode = 'add' | 'checkout' | 'merge';

export interface RequestedLine {
  product: string;
  quantity: number;
  color?: string | null;
  size?: string | null;
  cartItemId?: string;
}

export interface WorkingLine {
  /** null for a line this change creates. */
  id: string | null;
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  /** Quantity before this change (0 for a new line). */
  before: number;
  quantity: number;
  label: string;
}

export interface ChangePlan {
  lines: WorkingLine[];
  notes: string[];
}

const keyOf = (productId: string, colorId: string | null, sizeId: string | null) => `${productId}|${colorId ?? ''}|${sizeId ?? ''}`;

export function lineLabel(product: Product, colorId: string | null, sizeId: string | null): string {
  const color = product.variation.find((c) => c._id === colorId);
  const size = color?.sizes.find((s) => s._id === sizeId);
  return color && size ? `${product.name} (${color.name}, ${size.name})` : product.name;
}

/** The chosen color and size, checked against the product; refusals say what to fix. */
function resolveVariation(product: Product, color: string | null | undefined, size: string | null | undefined): { colorId: string | null; sizeId: string | null } {
  if (product.variation.length === 0) {
    if (color || size) throw new AppError('VALIDATION_FAILED', `${product.name} has no colors or sizes to choose`);
    return { colorId: null, sizeId: null };
  }
  if (!color || !size) throw new AppError('VALIDATION_FAILED', `Please choose a color and a size of ${product.name}`);
  const chosenColor = product.variation.find((c) => c._id === color);
  if (!chosenColor) throw new AppError('VALIDATION_FAILED', `${product.name} does not come in that color`);
  if (!chosenColor.sizes.some((s) => s._id === size)) throw new AppError('VALIDATION_FAILED', `${product.name} in ${chosenColor.name} does not come in that size`);
  return { colorId: color, sizeId: size };
}

function findProduct(productById: (id: string) => Product | undefined, id: string): Product {
  const product = productById(id);
  if (!product) throw new AppError('NOT_FOUND', 'This product was not found; it may have been removed from the shop');
  return product;
}

function assertPriced(product: Product, currency: Currency) {
  if (unitPriceMinor(product, currency) === undefined) throw new AppError('CART_PRODUCT_NOT_PRICED', `${product.name} is not sold in ${currency}`);
}

export function planChanges(
  items: CartItemRow[],
  requested: RequestedLine[],
  mode: ChangeMode,
  currency: Currency,
  productById: (id: string) => Product | undefined,
): ChangePlan {
  const notes: string[] = [];
  const lines = new Map<string, WorkingLine>();
  const byId = new Map<string, WorkingLine>();
  for (const item of items) {
    const product = productById(item.productId);
    const line: WorkingLine = { id: item.id, productId: item.productId, colorId: item.colorId, sizeId: item.sizeId, before: item.quantity, quantity: item.quantity, label: product ? lineLabel(product, item.colorId, item.sizeId) : 'A removed product' };
    lines.set(keyOf(item.productId, item.colorId, item.sizeId), line);
    byId.set(item.id, line);
  }

  for (const entry of requested) {
    if (mode === 'checkout') {
      const line = entry.cartItemId ? byId.get(entry.cartItemId) : undefined;
      if (!line) throw new AppError('NOT_FOUND', 'This item is not in your cart');
      if (line.productId !== entry.product) throw new AppError('VALIDATION_FAILED', 'The product does not match this cart item');
      if (entry.quantity > 0) assertPriced(findProduct(productById, line.productId), currency);
      line.quantity = entry.quantity;
      continue;
    }
    let product: Product;
    let variation: { colorId: string | null; sizeId: string | null };
    try {
      product = findProduct(productById, entry.product);
      variation = resolveVariation(product, entry.color, entry.size);
      if (entry.quantity > 0) assertPriced(product, currency);
    } catch (error) {
      if (mode !== 'merge') throw error;
      notes.push(error instanceof Error ? error.message : 'A product of your earlier cart is no longer available');
      continue;
    }
    const key = keyOf(product.id, variation.colorId, variation.sizeId);
    let line = lines.get(key);
    if (entry.quantity === 0) {
      if (line) line.quantity = 0;
      continue;
    }
    if (!line) {
      line = { id: null, productId: product.id, ...variation, before: 0, quantity: 0, label: lineLabel(product, variation.colorId, variation.sizeId) };
      lines.set(key, line);
    }
    line.quantity += entry.quantity;
    if (line.quantity > CART_MAX_QUANTITY) {
      if (mode !== 'merge') throw new AppError('VALIDATION_FAILED', `You can have at most ${CART_MAX_QUANTITY} of ${line.label} in your cart`);
      line.quantity = CART_MAX_QUANTITY;
    }
  }

  const result = [...lines.values()];
  const kept = result.filter((line) => line.quantity > 0);
  if (kept.length > CART_MAX_LINES) {
    if (mode !== 'merge') throw new AppError('CART_TOO_MANY_LINES', `A cart holds at most ${CART_MAX_LINES} different products`);
    // Keep the account's own lines first, then the guest's in order, up to the cap.
    for (const line of kept.slice(CART_MAX_LINES)) {
      line.quantity = 0;
      notes.push(`${line.label} did not fit in your cart`);
    }
  }
  return { lines: result, notes };
}

/** Units in stock for a line, as the database holds them inside the write transaction. */
function stockOf(line: WorkingLine, stock: StockLevels): number {
  if (line.sizeId) {
    const size = stock.sizes.get(line.sizeId);
    return size && size.productId === line.productId && size.colorId === line.colorId ? size.stock : 0;
  }
  return stock.products.get(line.productId) ?? 0;
}

/**
 * Refuses (or, when merging, cuts) any line raised above what is in stock. Lowering a quantity is
 * always allowed, even when stock has fallen below it since: nobody is stopped from buying less.
 */
export function enforceStock(plan: ChangePlan, stock: StockLevels, mode: ChangeMode): void {
  for (const line of plan.lines) {
    if (line.quantity <= line.before) continue;
    const available = stockOf(line, stock);
    if (line.quantity <= available) continue;
    if (mode === 'merge') {
      line.quantity = Math.max(line.before, Math.min(line.quantity, available));
      plan.notes.push(available > 0 ? `Only ${available} of ${line.label} ${available === 1 ? 'is' : 'are'} in stock` : `${line.label} is out of stock`);
      continue;
    }
    if (available <= 0) throw new AppError('CART_OUT_OF_STOCK', `${line.label} is out of stock`);
    const inCart = line.before > 0 ? `; you already have ${line.before} in your cart` : '';
    throw new AppError('CART_OUT_OF_STOCK', `Only ${available} of ${line.label} ${available === 1 ? 'is' : 'are'} left in stock${inCart}`);
  }
}

/** The product and size ids whose stock the plan needs. */
export function stockKeys(plan: ChangePlan): { productIds: string[]; sizeIds: string[] } {
  const raised = plan.lines.filter((line) => line.quantity > line.before);
  return {
    productIds: [...new Set(raised.filter((line) => !line.sizeId).map((line) => line.productId))],
    sizeIds: [...new Set(raised.flatMap((line) => (line.sizeId ? [line.sizeId] : [])))],
  };
}
