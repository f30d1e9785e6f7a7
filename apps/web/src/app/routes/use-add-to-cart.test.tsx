import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@app/contract';
import { toastStore } from '../../components/ui/toast-store.ts';
import { getCartCount, resetCartCount } from '../../features/cart/cart-count-store.ts';
import { readGuestCart } from '../../features/cart/guest-cart.ts';
import { resetSession, setSession } from '../../features/session/session-store.ts';
import { setCookie } from '../../lib/cookies.ts';
import { clearAllCookies, cleanup, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';
import { chooseVariation, useAddToCart, type AddToCartChoice } from './use-add-to-cart.ts';

const plain = { _id: 'p-1', id: 'p-1', name: 'Bamboo toothbrush', variation: [], actualStock: 5, stock: 5, priceList: [] } as unknown as Product;
const shirt = {
  _id: 'p-2',
  id: 'p-2',
  name: 'Organic tee',
  actualStock: 3,
  variation: [
    { _id: 'c-1', name: 'Natural', hex: null, stock: 0, sizes: [{ _id: 's-1', name: 'S', stock: 0 }] },
    { _id: 'c-2', name: 'Forest', hex: null, stock: 3, sizes: [{ _id: 's-2', name: 'S', stock: 0 }, { _id: 's-3', name: 'M', stock: 3 }] },
  ],
} as unknown as Product;

/** Renders a component holding the hook and hands back its add function. */
function addFunction(): (product: Product, choice?: AddToCartChoice) => Promise<void> {
  let add!: (product: Product, choice?: AddToCartChoice) => Promise<void>;
  function Probe() {
    add = useAddToCart();
    return null;
  }
  render(<Probe />);
  return add;
}

const toasts = () => toastStore.get().map((t) => ({ message: t.message, variant: t.variant }));

function signInAs() {
  setCookie('JWTToken', 'a.b.c');
  setSession({ isLoggedIn: true, email: 'lin@example.com' });
}

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
  resetCartCount();
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useAddToCart, signed in', () => {
  it('adds through PATCH v1/carts and sets the header count from the answer', async () => {
    signInAs();
    const api = stubApi({ 'PATCH /api/v1/carts': () => json(200, { success: true, message: 'Added to cart Successfully', data: { itemCount: 3 } }) });
    const add = addFunction();
    await add(plain, { quantity: 2 });
    await flush();
    expect(api.calls).toEqual([{ method: 'PATCH', path: '/api/v1/carts', body: { products: [{ product: 'p-1', quantity: 2 }] } }]);
    expect(getCartCount()).toBe(3);
    expect(toasts()).toEqual([{ message: 'Added to cart Successfully', variant: 'success' }]);
    expect(readGuestCart()).toEqual([]);
  });

  it("shows the server's stock message, and 'Please try after sometime' for other failures", async () => {
    signInAs();
    let answer = json(409, { success: false, code: 'CART_OUT_OF_STOCK', message: 'Only 2 of Bamboo toothbrush are left in stock' });
    stubApi({ 'PATCH /api/v1/carts': () => answer });
    const add = addFunction();
    await add(plain);
    answer = json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Something went wrong' });
    await add(plain);
    expect(toasts()).toEqual([
      { message: 'Only 2 of Bamboo toothbrush are left in stock', variant: 'error' },
      { message: 'Please try after sometime', variant: 'error' },
    ]);
    expect(getCartCount()).toBe(0);
  });

  it("says 'Please try after sometime' when the network fails", async () => {
    signInAs();
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    await addFunction()(plain);
    expect(toasts()).toEqual([{ message: 'Please try after sometime', variant: 'error' }]);
  });

  it('sends the chosen color and size', async () => {
    signInAs();
    const api = stubApi({ 'PATCH /api/v1/carts': () => json(200, { success: true, data: { itemCount: 1 } }) });
    await addFunction()(shirt, { colorId: 'c-2', sizeId: 's-2' });
    expect(api.calls[0].body).toEqual({ products: [{ product: 'p-2', quantity: 1, color: 'c-2', size: 's-2' }] });
  });
});

describe('useAddToCart, as a guest', () => {
  it('keeps a browser cart, counts its lines and never calls the API', async () => {
    const api = stubApi({});
    const add = addFunction();
    await add(plain);
    await add(plain);
    await add(shirt);
    expect(api.calls).toEqual([]);
    expect(readGuestCart()).toEqual([
      { product: 'p-1', quantity: 2 },
      { product: 'p-2', quantity: 1, color: 'c-2', size: 's-3' },
    ]);
    expect(getCartCount()).toBe(2);
    expect(toasts().every((t) => t.message === 'Added to cart Successfully')).toBe(true);
  });

  it('refuses more than is in stock with the same message as the server', async () => {
    await addFunction()(plain, { quantity: 6 });
    expect(toasts()).toEqual([{ message: 'Only 5 of Bamboo toothbrush are left in stock', variant: 'error' }]);
    expect(readGuestCart()).toEqual([]);
  });
});

describe('chooseVariation', () => {
  it('takes the first color and size in stock when nothing was chosen (spec §4)', () => {
    expect(chooseVariation(plain, {})).toEqual({});
    expect(chooseVariation(shirt, {})).toEqual({ color: 'c-2', size: 's-3' });
    expect(chooseVariation(shirt, { colorId: 'c-1' })).toEqual({ color: 'c-1', size: 's-1' });
    expect(chooseVariation(shirt, { colorId: 'c-2', sizeId: 's-2' })).toEqual({ color: 'c-2', size: 's-2' });
  });
});
