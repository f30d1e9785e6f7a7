import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearToasts, toastStore } from '../../../components/ui/toast-store.ts';
import { cleanup, clearAllCookies, click, render } from '../../../test/render.tsx';
import { flush, json, stubApi, type ApiCall } from '../../../test/dom.ts';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { setCookie } from '../../../lib/cookies.ts';
import { resetSession, setSession } from '../../session/session-store.ts';
import { resetWishlist } from '../wishlist-store.ts';
import { WishlistHeart } from './WishlistHeart.tsx';

const product = makeTestProduct('p1', { name: 'Solar lantern' });
const toasts = () => toastStore.get().map((toast) => toast.message);

function renderHeart() {
  return render(
    <MemoryRouter initialEntries={['/products']}>
      <Routes>
        <Route path="/products" element={<WishlistHeart product={product} />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function signIn() {
  setCookie('JWTToken', 'token-1');
  setSession({ isLoggedIn: true, email: 'ada@example.com' });
}

/** A server-side list the stubbed API reads and changes like the real one. */
function wishlistApi(initial: string[] = []) {
  let ids = [...initial];
  const answer = () => json(200, { success: true, data: { products: ids, items: ids.map((id) => makeTestProduct(id)) } });
  return stubApi({
    'GET /api/v1/wishlists': answer,
    'PATCH /api/v1/wishlists': ({ body }: ApiCall) => {
      const { products, action } = body as { products: string[]; action?: string };
      if (action === 'add') ids = [...ids, ...products.filter((id) => !ids.includes(id))];
      else if (action === 'remove') ids = ids.filter((id) => !products.includes(id));
      else ids = products;
      return answer();
    },
  });
}

beforeEach(() => {
  clearAllCookies();
  resetSession();
  resetWishlist();
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wishlist heart', () => {
  it('takes a visitor who is not signed in to the login page, without calling the API', async () => {
    const api = wishlistApi();
    const { container } = renderHeart();
    const heart = container.querySelector('button')!;
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    click(heart);
    await flush();
    expect(container.textContent).toBe('Login page');
    expect(api.calls).toEqual([]);
  });

  it('adds and removes with the spec toasts and aria-pressed, through the atomic delta form', async () => {
    signIn();
    const api = wishlistApi();
    const { container } = renderHeart();
    await flush();
    const heart = container.querySelector('button')!;
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    click(heart);
    await flush();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual(['Added To Wishlist']);
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { products: ['p1'], action: 'add' } });

    click(heart);
    await flush();
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(toasts()).toEqual(['Added To Wishlist', 'Removed From Wishlist']);
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { products: ['p1'], action: 'remove' } });
  });

  it('shows a product already on the list as pressed, and an error toast when the change fails', async () => {
    signIn();
    stubApi({
      'GET /api/v1/wishlists': () => json(200, { success: true, data: { products: ['p1'], items: [product] } }),
      'PATCH /api/v1/wishlists': () => json(409, { success: false, code: 'WISHLIST_FULL', message: 'Your wishlist holds at most 200 products' }),
    });
    const { container } = renderHeart();
    await flush();
    const heart = container.querySelector('button')!;
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    click(heart);
    await flush();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual(['Your wishlist holds at most 200 products']);
  });
});
