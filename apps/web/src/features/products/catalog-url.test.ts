import { describe, expect, it } from 'vitest';
import { canonicalCatalogSearch, catalogKind, catalogQueryFromUrl, catalogSearchString, clearedQuery } from './catalog-url.ts';

const params = (search: string) => new URLSearchParams(search);

describe('catalog URL state', () => {
  it('writes a query back as the shortest URL that means it', () => {
    const query = catalogQueryFromUrl(params('?tag=b,a&page=1&size=99&sort=price-asc&currency=EUR'), 'GBP');
    // Price sorts follow the visitor's currency; page 1 and the page size are not written.
    expect(query.currency).toBe('GBP');
    expect(query.size).toBe(24);
    expect(catalogSearchString(query)).toBe('tag=a%2Cb&sort=price-asc');
    expect(catalogSearchString({ ...query, page: 3 })).toBe('tag=a%2Cb&sort=price-asc&page=3');
  });

  it('keeps the currency of price bounds, which were typed in it', () => {
    const query = catalogQueryFromUrl(params('?maxPrice=20&currency=EUR'), 'USD');
    expect(query.currency).toBe('EUR');
    expect(catalogSearchString(query)).toBe('maxPrice=20&currency=EUR');
    expect(catalogQueryFromUrl(params('?maxPrice=20'), 'JPY').currency).toBe('JPY');
  });

  it('gives the server one cache key per meaning, without a currency the URL did not name', () => {
    expect(canonicalCatalogSearch(params('?sdg=13&kind=offset&utm_source=x'))).toBe(canonicalCatalogSearch(params('?kind=offset&sdg=13')));
    expect(canonicalCatalogSearch(params('?maxPrice=20'))).toBe('maxPrice=20');
    expect(canonicalCatalogSearch(params('?maxPrice=20&currency=EUR'))).toBe('maxPrice=20&currency=EUR');
    expect(canonicalCatalogSearch(params('?page=1'))).toBe('');
    expect(canonicalCatalogSearch(params('?kind=goods'))).toBe('kind=goods');
  });

  it('clears search and filters but keeps the sort', () => {
    const query = catalogQueryFromUrl(params('?q=cook&kind=goods&minPrice=3&sort=name&page=4'), 'USD');
    expect(catalogSearchString(clearedQuery(query))).toBe('sort=name');
  });

  it('names one kind only when exactly one is chosen', () => {
    expect(catalogKind(params('?kind=goods'))).toBe('goods');
    expect(catalogKind(params('?kind=goods,offset'))).toBeNull();
    expect(catalogKind(params('?kind=goods&kind=goods'))).toBe('goods');
    expect(catalogKind(params('?kind=food'))).toBeNull();
  });
});
