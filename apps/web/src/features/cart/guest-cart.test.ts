import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { addToGuestCart } from './guest-cart-add.ts';
import { GUEST_CART_STORAGE_KEY, clearGuestCart, guestCartCount, guestCartId, readGuestCart } from './guest-cart.ts';

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p-1',
    id: 'p-1',
    name: 'Bamboo toothbrush',
    variation: [],
    actualStock: 5,
    stock: 5,
    priceList: [],
    ...overrides,
  } as Product;
}

const shirt = makeProduct({
  _id: 'p-2',
  id: 'p-2',
  name: 'Organic tee',
  variation: [
    { _id: 'c-1', name: 'Natural', hex: null, image: null, stock: 3, sizes: [{ _id: 's-1', name: 'S', stock: 0 }, { _id: 's-2', name: 'M', stock: 3 }] },
  ],
});

beforeEach(() => {
  localStorage.clear();
});

describe('the guest cart', () => {
  it('keeps one line per product, color and size; adding again raises the quantity', () => {
    expect(addToGuestCart(makeProduct(), { quantity: 1 })).toEqual({ ok: true, count: 1 });
    expect(addToGuestCart(makeProduct(), { quantity: 2 })).toEqual({ ok: true, count: 1 });
    expect(addToGuestCart(shirt, { quantity: 1, color: 'c-1', size: 's-2' })).toEqual({ ok: true, count: 2 });
    expect(readGuestCart()).toEqual([
      { product: 'p-1', quantity: 3 },
      { product: 'p-2', quantity: 1, color: 'c-1', size: 's-2' },
    ]);
    expect(guestCartCount()).toBe(2);
    // One random id per browser cart, kept while it changes: the merge sends it as mergeId.
    const id = guestCartId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    addToGuestCart(makeProduct(), { quantity: 1 });
    expect(guestCartId()).toBe(id);
    clearGuestCart();
    expect(guestCartId()).toBeNull();
  });

  it('refuses more than the catalog shows in stock, with the server wording', () => {
    addToGuestCart(makeProduct(), { quantity: 4 });
    expect(addToGuestCart(makeProduct(), { quantity: 2 })).toEqual({ ok: false, message: 'Only 5 of Bamboo toothbrush are left in stock; you already have 4 in your cart' });
    expect(addToGuestCart(shirt, { quantity: 1, color: 'c-1', size: 's-1' })).toEqual({ ok: false, message: 'Organic tee (Natural, S) is out of stock' });
    expect(addToGuestCart(shirt, { quantity: 1 })).toEqual({ ok: false, message: 'Please choose a color and a size of Organic tee' });
    expect(readGuestCart()).toEqual([{ product: 'p-1', quantity: 4 }]);
  });

  it('drops malformed or tampered storage instead of trusting it', () => {
    localStorage.setItem(GUEST_CART_STORAGE_KEY, 'not json');
    expect(readGuestCart()).toEqual([]);
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify([{ product: 'p-1', quantity: 2 }]));
    expect(readGuestCart()).toEqual([]);
    localStorage.setItem(
      GUEST_CART_STORAGE_KEY,
      JSON.stringify({ id: 'x', lines: [{ product: 'p-1', quantity: 2, price: 0 }, { product: 'p-2', quantity: -3 }, { product: 42, quantity: 1 }, { product: 'p-3', quantity: 1.5 }, null] }),
    );
    // Extra fields such as a price are never kept: the server prices everything.
    expect(readGuestCart()).toEqual([{ product: 'p-1', quantity: 2 }]);
    clearGuestCart();
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
  });
});
