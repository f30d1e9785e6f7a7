import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartCount, resetCartCount } from './cart-count-store.ts';
import { GUEST_CART_STORAGE_KEY, readGuestCart } from './guest-cart.ts';
import { resetSession } from '../session/session-store.ts';
import { signIn } from '../session/sign-in.ts';
import { clearAllCookies } from '../../test/render.tsx';
import { json, stubApi } from '../../test/dom.ts';
import '../session/api/me-schema.ts';

const USER = { _id: 'u-7', email: 'lin@example.com', firstName: 'Lin', lastName: 'Wu', createdAt: '2025-05-05T05:05:05.000Z' };
const ME = {
  success: true,
  data: { ...USER, phone: null, recoveryEmail: null, emailVerified: true },
  billingAddress: null,
  slug: 'lin-wu-1',
  addressCountry: null,
  selectedCountry: null,
  checkoutDefaultCurrency: 'USD',
  temporaryCheckoutCurrency: 'USD',
  currencyLevel: 0,
  email: USER.email,
};
const GUEST_LINES = [
  { product: 'p-1', quantity: 2 },
  { product: 'p-2', quantity: 1, color: 'c-1', size: 's-1' },
];

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
  resetCartCount();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the guest cart at sign-in', () => {
  it('survives the storage clearing, is merged with itemsPreLogin, then emptied; the count comes from the server', async () => {
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ id: 'guest-cart-0001', lines: GUEST_LINES }));
    localStorage.setItem('somethingElse', 'x');
    const api = stubApi({
      'GET /api/v1/me': () => json(200, ME),
      'PATCH /api/v1/carts': () => json(200, { success: true, data: { itemCount: 4 } }),
    });
    await signIn({ token: 'a.b.c', user: USER });
    const merge = api.calls.find((call) => call.method === 'PATCH' && call.path === '/api/v1/carts');
    expect(merge?.body).toEqual({ products: GUEST_LINES, itemsPreLogin: true, mergeId: 'guest-cart-0001' });
    expect(readGuestCart()).toEqual([]);
    expect(localStorage.getItem('somethingElse')).toBeNull();
    expect(getCartCount()).toBe(4);
  });

  it('keeps the browser cart when the merge fails, and the login still succeeds', async () => {
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ id: 'guest-cart-0001', lines: GUEST_LINES }));
    stubApi({
      'GET /api/v1/me': () => json(200, ME),
      'PATCH /api/v1/carts': () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'x' }),
    });
    await expect(signIn({ token: 'a.b.c', user: USER })).resolves.toBeUndefined();
    expect(readGuestCart()).toEqual(GUEST_LINES);
  });

  it('without a guest cart, reads the account cart for the header count', async () => {
    const api = stubApi({
      'GET /api/v1/me': () => json(200, ME),
      'GET /api/v1/carts': () => json(200, { success: true, data: { itemCount: 2 } }),
    });
    await signIn({ token: 'a.b.c', user: USER });
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(getCartCount()).toBe(2);
  });
});
