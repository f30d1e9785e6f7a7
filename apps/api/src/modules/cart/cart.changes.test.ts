import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { CART_MAX_LINES } from '@app/contract/cart';
import { AppError } from '../../lib/app-error.ts';
import { enforceStock, planChanges } from './cart.changes.ts';

/** A product as the read model holds it, with only what the cart rules read. */
function product(id: string, name = `Product ${id}`): Product {
  return { id, _id: id, name, variation: [], priceList: [{ currency: 'USD', priceMinor: 100 }], actualStock: 5 } as unknown as Product;
}
const ids = Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
const catalog = new Map(ids.map((id) => [id, product(id)]));
const lookUp = (id: string) => catalog.get(id);
const item = (i: number, quantity = 1) => ({ id: `item-${i}`, cartId: 'c', productId: ids[i], colorId: null, sizeId: null, quantity, createdAt: new Date(), giftName: null, giftEmail: null, giftMessage: null, giftDeliverOn: null });

describe('cart change plans', () => {
  it(`refuses a cart of more than ${CART_MAX_LINES} lines, and a merge keeps the first ${CART_MAX_LINES}`, () => {
    const full = ids.slice(0, CART_MAX_LINES).map((_, i) => item(i));
    expect(() => planChanges(full, [{ product: ids[CART_MAX_LINES], quantity: 1 }], 'add', 'USD', lookUp)).toThrow(AppError);
    const merged = planChanges(full, [{ product: ids[CART_MAX_LINES], quantity: 1 }], 'merge', 'USD', lookUp);
    expect(merged.lines.filter((l) => l.quantity > 0)).toHaveLength(CART_MAX_LINES);
    expect(merged.notes).toEqual([`Product ${ids[CART_MAX_LINES]} did not fit in your cart`]);
  });

  it('refuses a product not sold in the cart currency', () => {
    expect(() => planChanges([], [{ product: ids[0], quantity: 1 }], 'add', 'JPY', lookUp)).toThrow(`Product ${ids[0]} is not sold in JPY`);
  });

  it('checks stock only for lines that grow', () => {
    const plan = planChanges([item(0, 9)], [{ product: ids[1], quantity: 2 }], 'add', 'USD', lookUp);
    // Line 0 (9 in the cart, none in stock) did not grow: no refusal. Line 1 fits.
    enforceStock(plan, { products: new Map([[ids[0], 0], [ids[1], 2]]), sizes: new Map() }, 'add');
    const more = planChanges([item(0, 9)], [{ product: ids[1], quantity: 3 }], 'add', 'USD', lookUp);
    expect(() => enforceStock(more, { products: new Map([[ids[1], 2]]), sizes: new Map() }, 'add')).toThrow(`Only 2 of Product ${ids[1]} are left in stock`);
  });
});
