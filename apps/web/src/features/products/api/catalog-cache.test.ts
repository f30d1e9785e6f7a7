import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Product } from '@app/contract';
import { emptyCatalogQuery } from '@app/contract/catalog-query';
import { CatalogCache, productPageKey } from './catalog-cache.ts';
// Loaded up front so the reads below need not wait for a module load.
import './product-schemas.ts';

function product(slug: string): Product {
  return {
    _id: slug,
    id: slug,
    slug,
    name: `Product ${slug}`,
    kind: 'goods',
    image: [],
    shortDescription: 'One.',
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

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const failure = () => new Response(JSON.stringify({ success: false, message: 'boom', code: 'INTERNAL_ERROR' }), { status: 500 });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CatalogCache', () => {
  it('starts from the server’s seed and fetches nothing while it is fresh', async () => {
    const cache = new CatalogCache({ list: [product('a'), product('b')] });
    await cache.loadList();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cache.listEntry().data).toHaveLength(2);
    // A product page after a list shows at once, from the list.
    expect(cache.detailEntry('b').data?.name).toBe('Product b');
    await cache.loadProduct('b');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches a product the list does not hold, and keeps a 404 as "not found" (null)', async () => {
    fetchMock.mockResolvedValueOnce(ok(product('c'))).mockResolvedValueOnce(new Response('{}', { status: 404 }));
    const cache = new CatalogCache({ list: [product('a')] });
    await cache.loadProduct('c');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/productBySlug/c');
    expect(cache.detailEntry('c').data?.slug).toBe('c');
    await cache.loadProduct('gone');
    expect(cache.detailEntry('gone')).toMatchObject({ data: null, error: false });
  });

  it('refetches stale data, and tells its listeners', async () => {
    fetchMock.mockResolvedValue(ok([product('new')]));
    const cache = new CatalogCache({ list: [product('old')] }, { staleMs: 60_000 }, Date.now() - 61_000);
    const listener = vi.fn();
    cache.subscribe(listener);
    await cache.loadList();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cache.listEntry().data?.[0]?.slug).toBe('new');
    expect(listener).toHaveBeenCalled();
  });

  it('retries a failed read once, then reports the error; Retry (force) asks again', async () => {
    fetchMock.mockResolvedValueOnce(failure()).mockResolvedValueOnce(failure());
    const cache = new CatalogCache({}, { retry: 1, retryDelayMs: 0 });
    await cache.loadList();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(cache.listEntry()).toMatchObject({ data: undefined, error: true, fetching: false });
    await cache.loadList(); // an error is not refetched by itself
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockResolvedValueOnce(ok([product('a')]));
    await cache.loadList(true);
    expect(cache.listEntry()).toMatchObject({ error: false });
    expect(cache.listEntry().data).toHaveLength(1);
  });

  it('keeps data it already shows when a refresh fails', async () => {
    fetchMock.mockResolvedValue(failure());
    const cache = new CatalogCache({ list: [product('a')] }, { retry: 0 });
    await cache.loadList(true);
    expect(cache.listEntry()).toMatchObject({ error: false, fetching: false });
    expect(cache.listEntry().data).toHaveLength(1);
  });

  it('keeps a flagged list apart from the whole catalog (the home rows), and opens a product from it at once', async () => {
    const query = { ...emptyCatalogQuery(), page: 1, size: 8 };
    const featured = { ...query, list: 'featured' as const };
    expect(productPageKey(query)).toBe('showDetails=1&page=1&size=8');
    expect(productPageKey(featured)).toBe('featured?showDetails=1&page=1&size=8');

    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: [product('f')], meta: { page: 1, size: 8, total: 1 } }), { status: 200 }));
    const cache = new CatalogCache({}, { retry: 0 });
    await cache.loadPage(featured);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/products/featured?showDetails=1&page=1&size=8');
    expect(cache.pageEntry(productPageKey(featured)).data?.products.map((p) => p.slug)).toEqual(['f']);
    expect(cache.pageEntry(productPageKey(query)).data).toBeUndefined();
    expect(cache.detailEntry('f').data?.slug).toBe('f');
  });
});
