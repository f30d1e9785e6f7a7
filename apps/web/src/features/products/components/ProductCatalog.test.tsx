import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Product } from '@app/contract';
import { ProductCatalog, type ProductKindFilter } from './ProductCatalog.tsx';
import { CatalogCache } from '../api/catalog-cache.ts';
import { CatalogCacheProvider } from '../api/use-catalog.ts';
import { cleanup, click, render } from '../../../test/render.tsx';
// getProducts loads its zod schemas on demand; loaded up front, the flushes below need not wait for a module load.
import '../api/product-schemas.ts';

function product(id: string, kind: Product['kind']): Product {
  return {
    _id: id,
    id,
    slug: `p-${id}`,
    name: `Product ${id}`,
    kind,
    image: [],
    shortDescription: 'One. Two.',
    description: '',
    country: null,
    countryName: null,
    stock: 5,
    actualStock: 5,
    unit: 'item',
    variation: [],
    priceList: [{ currency: 'USD', currencySymbol: '$', price: 10, oldPrice: null, priceMinor: 1000, oldPriceMinor: null }],
    categoryList: [],
    tags: [],
    projectValidityDate: null,
    featured: false,
    offered: false,
    averageRating: null,
    reviewCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Lets pending promises (fetch, query state updates) settle inside act(). */
async function flush() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCatalog(kind: ProductKindFilter = null) {
  const cache = new CatalogCache({}, { retry: 0 });
  return render(
    <CatalogCacheProvider cache={cache}>
      <MemoryRouter>
        <ProductCatalog kind={kind} currency="USD" onAddToCart={() => {}} />
      </MemoryRouter>
    </CatalogCacheProvider>,
  );
}

describe('ProductCatalog', () => {
  it('asks for the detailed list and shows skeletons while loading', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const { container } = renderCatalog();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/products?showDetails=1');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelectorAll('.product-card--skeleton').length).toBeGreaterThan(0);
  });

  it('shows every product, and filters by kind on the client', async () => {
    fetchMock.mockImplementation(async () => ok([product('1', 'offset'), product('2', 'goods'), product('3', 'offset')]));
    const all = renderCatalog(null);
    await flush();
    expect(all.container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(3);
    const offsets = renderCatalog('offset');
    await flush();
    const names = [...offsets.container.querySelectorAll('h3')].map((h) => h.textContent);
    expect(names).toEqual(['Product 1', 'Product 3']);
  });

  it("shows 'Failed to fetch products' with a Retry that refetches", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'boom', code: 'INTERNAL_ERROR' }), { status: 500 }),
    );
    const { container } = renderCatalog();
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch products');

    fetchMock.mockResolvedValueOnce(ok([product('1', 'goods')]));
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    expect(retry).toBeDefined();
    click(retry!);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(1);
    expect(container.textContent).not.toContain('Failed to fetch products');
  });

  it('treats a body that breaks the contract as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(ok([{ name: 'no id or prices' }]));
    const { container } = renderCatalog();
    await flush();
    expect(container.textContent).toContain('Failed to fetch products');
  });

  it('explains an empty filter and links back to everything', async () => {
    fetchMock.mockImplementation(async () => ok([product('1', 'offset')]));
    const { container } = renderCatalog('goods');
    await flush();
    expect(container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(0);
    expect(container.textContent).toContain('No sustainable goods right now');
    expect(container.querySelector('a[href="/"]')?.textContent).toBe('Browse all products');
  });
});
