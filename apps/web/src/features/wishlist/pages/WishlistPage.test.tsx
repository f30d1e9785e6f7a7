import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearToasts, toastStore } from '../../../components/ui/toast-store.ts';
import { cleanup, clearAllCookies, click, getAllByText, render } from '../../../test/render.tsx';
import { flush, getButton, json, stubApi } from '../../../test/dom.ts';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { setCookie } from '../../../lib/cookies.ts';
import { resetSession, setSession } from '../../session/session-store.ts';
import { resetWishlist } from '../wishlist-store.ts';
import { WishlistPage } from './WishlistPage.tsx';

const lantern = makeTestProduct('a', { name: 'Solar lantern' });
const stoves = makeTestProduct('b', { name: 'Kenya cookstoves', actualStock: 0 });
const toasts = () => toastStore.get().map((toast) => toast.message);
const listed = (container: HTMLElement) => [...container.querySelectorAll('[data-testid="wishlist-item"] h2')].map((h) => h.textContent);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/wishlist']}>
      <Routes>
        <Route path="/wishlist" element={<WishlistPage />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const envelope = (items: ReturnType<typeof makeTestProduct>[]) => json(200, { success: true, data: { products: items.map((p) => p.id), items } });

beforeEach(() => {
  clearAllCookies();
  resetSession();
  resetWishlist();
  clearToasts();
  setCookie('JWTToken', 'token-1');
  setSession({ isLoggedIn: true, email: 'ada@example.com' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wishlist page', () => {
  it('sends a visitor to log in', async () => {
    resetSession();
    const { container } = renderPage();
    await flush();
    expect(container.textContent).toBe('Login page');
  });

  it('shows a loading state, then the products in the order added', async () => {
    let release: () => void = () => {};
    stubApi({ 'GET /api/v1/wishlists': () => new Promise((resolve) => (release = () => resolve(envelope([lantern, stoves])))) });
    const { container } = renderPage();
    await flush();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.textContent).toContain('Loading your wishlist');
    release();
    await flush();
    expect(listed(container)).toEqual(['Solar lantern', 'Kenya cookstoves']);
    expect(container.textContent).toContain('2 products');
    expect(getButton(container, 'Out of Stock').disabled).toBe(true);
  });

  it('shows the empty state with a way to the shop', async () => {
    stubApi({ 'GET /api/v1/wishlists': () => envelope([]) });
    const { container } = renderPage();
    await flush();
    expect(container.textContent).toContain('Your wishlist is empty');
    expect(getAllByText(container, 'Browse the shop', 'a')[0].getAttribute('href')).toBe('/products');
    expect(() => getButton(container, 'Remove all')).toThrow();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    stubApi({ 'GET /api/v1/wishlists': () => (fail ? json(500, { success: false, code: 'INTERNAL_ERROR', message: 'boom' }) : envelope([lantern])) });
    const { container } = renderPage();
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch your wishlist');
    fail = false;
    click(getButton(container, 'Retry'));
    await flush();
    expect(listed(container)).toEqual(['Solar lantern']);
  });

  it('removes one, then all, with the spec toasts', async () => {
    let items = [lantern, stoves];
    const api = stubApi({
      'GET /api/v1/wishlists': () => envelope(items),
      'PATCH /api/v1/wishlists': ({ body }) => {
        const { products, action } = body as { products: string[]; action?: string };
        items = action === 'remove' ? items.filter((p) => !products.includes(p.id)) : items.filter((p) => products.includes(p.id));
        return envelope(items);
      },
    });
    const { container } = renderPage();
    await flush();

    const lanternRow = [...container.querySelectorAll('[data-testid="wishlist-item"]')].find((row) => row.textContent?.includes('Solar lantern'))!;
    click(getButton(lanternRow, 'Remove'));
    await flush();
    expect(listed(container)).toEqual(['Kenya cookstoves']);
    expect(toasts()).toEqual(['Removed From Wishlist']);
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { products: ['a'], action: 'remove' } });

    click(getButton(container, 'Remove all'));
    await flush();
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { products: [] } });
    expect(toasts()).toEqual(['Removed From Wishlist', 'Removed All From Wishlist']);
    expect(container.textContent).toContain('Your wishlist is empty');
  });
});
