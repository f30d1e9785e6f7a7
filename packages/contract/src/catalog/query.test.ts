import { describe, expect, it } from 'vitest';
import { catalogQueryParams, parseCatalogSearch, searchWords, splitValues } from './query.ts';
import { productListQuerySchema, toCatalogQuery } from './product.ts';

describe('catalog query', () => {
  it('reads repeated and comma-separated values as one list, in one normal form', () => {
    expect(splitValues(['a,b', ' c ', ''])).toEqual(['a', 'b', 'c']);
    const query = parseCatalogSearch(new URLSearchParams('country=ke&country=GH,IN&sdg=13,5,13&q=%20Cook%20%20Stoves%20&utm=x'));
    expect(query.country).toEqual(['GH', 'IN', 'KE']);
    expect(query.sdg).toEqual([5, 13]);
    expect(query.q).toBe('cook stoves');
    expect(catalogQueryParams(query).toString()).toBe('q=cook+stoves&country=GH%2CIN%2CKE&sdg=5%2C13');
  });

  it('drops what cannot be right when reading a URL leniently', () => {
    const query = parseCatalogSearch(new URLSearchParams('sdg=0,18,x,7&kind=food,goods&currency=XYZ&minPrice=-3&maxPrice=abc&page=0&size=500&sort=cheap'));
    expect(query).toMatchObject({ sdg: [7], kind: ['goods'], currency: 'USD' });
    expect(query.minPrice).toBeUndefined();
    expect(query.maxPrice).toBeUndefined();
    expect(query.page).toBeUndefined();
    expect(query.sort).toBeUndefined();
  });

  it('gives the same normal form from the API schema and from the URL parser', () => {
    const raw = 'category=clean-cooking,forestry&tag=Solar&sort=price-asc&currency=EUR&page=2';
    const viaSchema = toCatalogQuery(productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(raw))));
    expect(catalogQueryParams(viaSchema).toString()).toBe(catalogQueryParams(parseCatalogSearch(new URLSearchParams(raw))).toString());
  });

  it('keeps only letters and digits of a search, so nothing reaches the tsquery syntax', () => {
    expect(searchWords("cook'&|!():* stoves")).toEqual(['cook', 'stoves']);
    expect(searchWords("children's")).toEqual(['children']);
    expect(searchWords('!!!')).toEqual([]);
    expect(searchWords('Æblegrød 42')).toEqual(['æblegrød', '42']);
    expect(searchWords('a b c d e f g h i j').length).toBe(8);
  });
});
