import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { FEATURED_PRODUCTS_SLICE } from '@app/contract/constants';
import { HomeProductRows, homeRowQuery } from './HomeProductRows.tsx';
import { CatalogCache, productPageKey } from '../../features/products/api/catalog-cache.ts';
import { makeProduct } from '../../features/products/components/product-fixture.ts';
import { renderWithCatalog, settle, stubFetchForEachTest } from '../../test/catalog.tsx';
import { json } from '../../test/dom.ts';

const tile = (id: string, flags: Partial<Pick<Product, 'featured' | 'offered'>>): Product => makeProduct({ _id: id, id, slug: `p-${id}`, name: `Product ${id}`, ...flags });
const page = (products: Product[]) => ({ products, meta: { page: 1, size: FEATURED_PRODUCTS_SLICE, total: products.length } });

const fetchMock = stubFetchForEachTest();

const renderRows = (cache: CatalogCache) => renderWithCatalog(<HomeProductRows currency="USD" />, cache);

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
      return json(200, { success: true, data, meta: { page: 1, size: FEATURED_PRODUCTS_SLICE, total: 1 } });
    });
    const { container } = renderRows(new CatalogCache({}, { retry: 0 }));
    await settle();
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      `/api/v1/products/featured?showDetails=1&page=1&size=${FEATURED_PRODUCTS_SLICE}`,
      `/api/v1/products/offered?showDetails=1&page=1&size=${FEATURED_PRODUCTS_SLICE}`,
    ]);
    expect([...container.querySelectorAll('.home-tile__name')].map((name) => name.textContent)).toEqual(['Product f', 'Product o']);
  });
});
