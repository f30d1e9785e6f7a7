import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@app/contract';
import { HOME_GRID_SIZE } from '@app/contract/constants';
import { ProductCatalog, productGridQuery, type ProductKindFilter } from './ProductCatalog.tsx';
import { CatalogCache, productPageKey } from '../api/catalog-cache.ts';
import { renderWithCatalog, settle, stubFetchForEachTest } from '../../../test/catalog.tsx';
import { json } from '../../../test/dom.ts';
import { cleanup, click } from '../../../test/render.tsx';

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

/** The catalog as the API pages it: `kind`, `page` and `size` read from the URL, meta.total the whole match. */
function api(products: Product[]) {
  return async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const kind = url.searchParams.get('kind');
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const matching = kind ? products.filter((p) => p.kind === kind) : products;
    const data = matching.slice((page - 1) * size, page * size);
    return json(200, { success: true, data, meta: { page, size, total: matching.length } });
  };
}

const many = (count: number, kind: Product['kind']) => Array.from({ length: count }, (_, i) => product(`${kind}-${String(i).padStart(3, '0')}`, kind));

const fetchMock = stubFetchForEachTest();

const renderCatalog = (kind: ProductKindFilter = null) => renderWithCatalog(<ProductCatalog kind={kind} currency="USD" onAddToCart={() => {}} />);

const cards = (container: HTMLElement) => container.querySelectorAll('[data-testid="product-card"]');
const browseLink = (container: HTMLElement) => container.querySelector<HTMLAnchorElement>('.catalog-more a');

describe('ProductCatalog', () => {
  it('asks for the first page only, and shows skeletons while loading', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const { container } = renderCatalog();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/products?showDetails=1&page=1&size=${HOME_GRID_SIZE}`);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelectorAll('.product-card--skeleton').length).toBeGreaterThan(0);
  });

  it('shows at most HOME_GRID_SIZE products, the total, and a link to the catalog with the total', async () => {
    fetchMock.mockImplementation(api([...many(25, 'offset'), ...many(10, 'goods')]));
    const { container } = renderCatalog(null);
    await settle();
    expect(cards(container)).toHaveLength(HOME_GRID_SIZE);
    expect(container.querySelector('.catalog-count')?.textContent).toBe('35 items');
    expect(browseLink(container)?.getAttribute('href')).toBe('/products');
    expect(browseLink(container)?.textContent).toBe('Browse all 35 products');
  });

  it('asks the API for one kind and links to the catalog filtered by it', async () => {
    fetchMock.mockImplementation(api([product('1', 'offset'), product('2', 'goods'), product('3', 'offset')]));
    const offsets = renderCatalog('offset');
    await settle();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/products?showDetails=1&kind=offset&page=1&size=${HOME_GRID_SIZE}`);
    const names = [...offsets.container.querySelectorAll('h3')].map((h) => h.textContent);
    expect(names).toEqual(['Product 1', 'Product 3']);
    expect(offsets.container.querySelector('.catalog-count')?.textContent).toBe('2 items');
    expect(browseLink(offsets.container)?.getAttribute('href')).toBe('/products?kind=offset');
    expect(browseLink(offsets.container)?.textContent).toBe('Browse all 2 offset projects');
    cleanup();

    const goods = renderCatalog('goods');
    await settle();
    expect(cards(goods.container)).toHaveLength(1);
    expect(goods.container.querySelector('.catalog-count')?.textContent).toBe('1 item');
    expect(browseLink(goods.container)?.getAttribute('href')).toBe('/products?kind=goods');
    expect(browseLink(goods.container)?.textContent).toBe('Browse all 1 sustainable good');
  });

  it('renders a page the server seeded without fetching it', () => {
    const page = { products: many(HOME_GRID_SIZE, 'goods'), meta: { page: 1, size: HOME_GRID_SIZE, total: 500 } };
    const cache = new CatalogCache({ pages: { [productPageKey(productGridQuery('goods'))]: page } });
    const { container } = renderWithCatalog(<ProductCatalog kind="goods" currency="USD" onAddToCart={() => {}} />, cache);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cards(container)).toHaveLength(HOME_GRID_SIZE);
    expect(browseLink(container)?.textContent).toBe('Browse all 500 sustainable goods');
  });

  it("shows 'Failed to fetch products' with a Retry that refetches", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'boom', code: 'INTERNAL_ERROR' }), { status: 500 }),
    );
    const { container } = renderCatalog();
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch products');

    fetchMock.mockImplementationOnce(api([product('1', 'goods')]));
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    expect(retry).toBeDefined();
    click(retry!);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(cards(container)).toHaveLength(1);
    expect(container.textContent).not.toContain('Failed to fetch products');
  });

  it('treats a body that breaks the contract as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: [{ name: 'no id or prices' }] }), { status: 200 }));
    const { container } = renderCatalog();
    await settle();
    expect(container.textContent).toContain('Failed to fetch products');
  });

  it('explains an empty shop, without a link to an empty catalog', async () => {
    fetchMock.mockImplementation(api([]));
    const { container } = renderCatalog(null);
    await settle();
    expect(cards(container)).toHaveLength(0);
    expect(container.textContent).toContain('The shop is being stocked');
    expect(container.querySelector('a')).toBeNull();
  });

  it('explains an empty filter and links back to everything', async () => {
    fetchMock.mockImplementation(api([product('1', 'offset')]));
    const { container } = renderCatalog('goods');
    await settle();
    expect(cards(container)).toHaveLength(0);
    expect(container.textContent).toContain('No sustainable goods right now');
    expect(container.querySelector('a[href="/"]')?.textContent).toBe('Browse all products');
  });
});
