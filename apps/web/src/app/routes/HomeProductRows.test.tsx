import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Product } from '@app/contract';
import { FEATURED_PRODUCTS_SLICE } from '@app/contract/constants';
import { HomeProductRows, homeRowQuery } from './HomeProductRows.tsx';
import { CatalogCache, productPageKey } from '../../features/products/api/catalog-cache.ts';
import { CatalogCacheProvider } from '../../features/products/api/use-catalog.ts';
import { makeProduct } from '../../features/products/components/product-fixture.ts';
import { cleanup, render } from '../../test/render.tsx';
import '../../features/products/api/product-schemas.ts';

const tile = (id: string, flags: Partial<Pick<Product, 'featured' | 'offered'>>): Product => makeProduct({ _id: id, id, slug: `p-${id}`, name: `Product ${id}`, ...flags });
const page = (products: Product[]) => ({ products, meta: { page: 1, size: FEATURED_PRODUCTS_SLICE, total: products.length } });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRows(cache: CatalogCache) {
  return render(
    <CatalogCacheProvider cache={cache}>
      <MemoryRouter>
        <HomeProductRows currency="USD" />
      </MemoryRouter>
    </CatalogCacheProvider>,
  );
}

describe('HomeProductRows', () => {
  it('renders the rows the server seeded, without fetching', () => {
    const cache = new CatalogCache({
      pages: {
        [productPageKey(homeRowQuery('featured'))]: page([tile('1', { featured: true }), tile('2', { featured: true })]),
        [productPageKey(homeRowQuery('offered'))]: page([]),
      },
    });
    const { container } = renderRows(cache);
    expect(fetchMock).not.toHaveBeenCalled();
    expect([...container.querySelectorAll('.home-tile__name')].map((name) => name.textContent)).toEqual(['Product 1', 'Product 2']);
    // A row with nothing flagged is left out.
    expect(container.querySelector('#offered-heading')).toBeNull();
  });

  it('asks for the first FEATURED_PRODUCTS_SLICE of each flagged list when not seeded, never the whole list', async () => {
    fetchMock.mockImplementation(async (input) => {
      const featured = String(input).includes('/featured');
      const data = [tile(featured ? 'f' : 'o', featured ? { featured: true } : { offered: true })];
      return new Response(JSON.stringify({ success: true, data, meta: { page: 1, size: FEATURED_PRODUCTS_SLICE, total: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { container } = renderRows(new CatalogCache({}, { retry: 0 }));
    for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      `/api/v1/products/featured?showDetails=1&page=1&size=${FEATURED_PRODUCTS_SLICE}`,
      `/api/v1/products/offered?showDetails=1&page=1&size=${FEATURED_PRODUCTS_SLICE}`,
    ]);
    expect([...container.querySelectorAll('.home-tile__name')].map((name) => name.textContent)).toEqual(['Product f', 'Product o']);
  });
});
