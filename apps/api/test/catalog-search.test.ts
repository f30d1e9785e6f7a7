import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CatalogFacets, Product } from '@app/contract';
import { SUPPORTED_CURRENCIES } from '@app/contract';
import { createCatalogWrites, type CatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createTestApp, json, isBackgroundStatement } from './helper.ts';

/** Every product as the plain list gives it (sorted by id), with details. */
let all: Product[];
let app: FastifyInstance;
let writes: CatalogWrites;
let queries: string[];

async function list(query: string): Promise<{ data: Product[]; meta?: { page: number; size: number; total: number }; status: number }> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/products?showDetails=1&${query}` });
  const body = json(response);
  return { data: body.data, meta: body.meta, status: response.statusCode };
}
const slugs = (products: Product[]) => products.map((p) => p.slug);
async function facets(query = ''): Promise<CatalogFacets> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/filters?${query}` });
  expect(response.statusCode).toBe(200);
  return json(response).data;
}
const price = (p: Product, currency: string) => p.priceList.find((e) => e.currency === currency)!.price;
const standardsOf = (p: Product) => p.details!.standards.map((s) => s.slug);
const categoriesOf = (p: Product) => p.categoryList.map((c) => c.category.slug);

beforeAll(async () => {
  queries = [];
  app = await createTestApp({ logger: { logQuery: (query, params) => void (!isBackgroundStatement(query, params) && queries.push(query)) } });
  writes = createCatalogWrites(app.database.db, app.catalog);
  all = json(await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1' })).data;
});
afterAll(async () => {
  await app.close();
});

describe('GET /v1/products without new parameters', () => {
  it('keeps its answer: every product sorted by id, no meta', async () => {
    expect(all.length).toBeGreaterThan(20);
    expect(slugs(all)).toEqual(slugs([...all].sort((a, b) => (a.id < b.id ? -1 : 1))));
    const limited = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=8' }));
    expect(limited.data).toHaveLength(8);
    expect(limited.meta).toBeUndefined();
  });
});

describe('filters', () => {
  it('category, country, standard, sdg, tag, kind and availability each select exactly the matching products', async () => {
    const cases: [string, (p: Product) => boolean][] = [
      ['category=clean-cooking', (p) => categoriesOf(p).includes('clean-cooking')],
      ['country=GH', (p) => p.country === 'GH'],
      ['country=gh', (p) => p.country === 'GH'],
      ['standard=gold-standard', (p) => standardsOf(p).includes('gold-standard')],
      ['sdg=5', (p) => p.details!.sdgs.some(({ sdg }) => sdg.number === 5)],
      ['tag=cookstoves', (p) => p.tags.includes('cookstoves')],
      ['tag=renewable%20energy', (p) => p.tags.includes('renewable energy')],
      ['kind=goods', (p) => p.kind === 'goods'],
      ['kind=offset', (p) => p.kind === 'offset'],
      ['availability=inStock', (p) => p.actualStock > 0],
      ['availability=outOfStock', (p) => p.actualStock <= 0],
    ];
    for (const [query, expected] of cases) {
      const { data, status } = await list(query);
      expect(status, query).toBe(200);
      const want = all.filter(expected);
      expect(slugs(data), query).toEqual(slugs(want));
      if (query !== 'availability=outOfStock') expect(want.length, query).toBeGreaterThan(0);
    }
  });

  it('several values of a facet are OR, comma-separated or repeated; different facets are AND', async () => {
    const either = all.filter((p) => p.country === 'GH' || p.country === 'IN');
    expect(slugs((await list('country=GH,IN')).data)).toEqual(slugs(either));
    expect(slugs((await list('country=GH&country=IN')).data)).toEqual(slugs(either));
    const both = all.filter((p) => categoriesOf(p).includes('clean-cooking') && p.details!.sdgs.some(({ sdg }) => sdg.number === 5));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(all.filter((p) => categoriesOf(p).includes('clean-cooking')).length);
    expect(slugs((await list('category=clean-cooking&sdg=5')).data)).toEqual(slugs(both));
  });

  it('price bounds are in major units of the chosen currency (USD by default)', async () => {
    for (const currency of ['USD', 'JPY', 'INR'] as const) {
      const prices = all.map((p) => price(p, currency)).sort((a, b) => a - b);
      const min = prices[Math.floor(prices.length / 4)]!;
      const max = prices[Math.floor((prices.length * 3) / 4)]!;
      const { data } = await list(`minPrice=${min}&maxPrice=${max}&currency=${currency}`);
      expect(slugs(data)).toEqual(slugs(all.filter((p) => price(p, currency) >= min && price(p, currency) <= max)));
    }
    const usd = all.filter((p) => price(p, 'USD') <= 20);
    expect(slugs((await list('maxPrice=20')).data)).toEqual(slugs(usd));
  });

  it('/featured and /offered take the same filters', async () => {
    const featured = json(await app.inject({ method: 'GET', url: '/api/v1/products/featured?kind=offset' })).data as Product[];
    expect(slugs(featured)).toEqual(slugs(all.filter((p) => p.featured && p.kind === 'offset')));
    const offered = json(await app.inject({ method: 'GET', url: '/api/v1/products/offered?sort=name&page=1&size=2' }));
    expect(offered.meta.total).toBe(all.filter((p) => p.offered).length);
    expect(offered.data.length).toBe(Math.min(2, offered.meta.total));
  });
});

describe('sorting', () => {
  it('sorts by price up and down in every currency, by name, by rating and by newest', async () => {
    for (const currency of SUPPORTED_CURRENCIES) {
      const up = (await list(`sort=price-asc&currency=${currency}`)).data;
      expect(up).toHaveLength(all.length);
      const upPrices = up.map((p) => price(p, currency));
      expect(upPrices).toEqual([...upPrices].sort((a, b) => a - b));
      const downPrices = (await list(`sort=price-desc&currency=${currency}`)).data.map((p) => price(p, currency));
      expect(downPrices).toEqual([...upPrices].sort((a, b) => b - a));
    }
    const names = (await list('sort=name')).data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const newest = (await list('sort=newest')).data.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const ratings = (await list('sort=rating')).data.map((p) => p.averageRating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });
});

describe('pagination', () => {
  it('adds meta when page or size is given and pages through everything once', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = await list(`sort=name&page=${page}&size=7`);
      expect(meta).toEqual({ page, size: 7, total: all.length });
      if (data.length === 0) break;
      seen.push(...slugs(data));
    }
    expect(seen).toEqual(slugs((await list('sort=name')).data));
    expect((await list('size=5')).meta).toEqual({ page: 1, size: 5, total: all.length });
    expect((await list('page=2')).meta).toEqual({ page: 2, size: 20, total: all.length });
    const filtered = await list('kind=goods&page=1&size=3');
    expect(filtered.meta!.total).toBe(all.filter((p) => p.kind === 'goods').length);
  });
});

describe('GET /v1/filters', () => {
  it('lists every facet value with counts over the whole catalog', async () => {
    const f = await facets();
    expect(f.total).toBe(all.length);
    const cooking = f.categories.find((c) => c.slug === 'clean-cooking')!;
    expect(cooking.count).toBe(all.filter((p) => categoriesOf(p).includes('clean-cooking')).length);
    expect(f.countries.find((c) => c.code === 'GH')).toMatchObject({ name: 'Ghana', count: all.filter((p) => p.country === 'GH').length });
    const gold = f.standards.find((s) => s.slug === 'gold-standard')!;
    expect(gold.name).toBeTruthy();
    expect(gold.logo).toBeTruthy();
    expect(gold.count).toBe(all.filter((p) => standardsOf(p).includes('gold-standard')).length);
    expect(f.sdgs.map((s) => s.number)).toEqual([...f.sdgs.map((s) => s.number)].sort((a, b) => a - b));
    expect(f.sdgs.find((s) => s.number === 13)!.count).toBe(all.filter((p) => p.details!.sdgs.some(({ sdg }) => sdg.number === 13)).length);
    expect(f.sdgs[0]!.image).toBeTruthy();
    expect(f.tags.find((t) => t.tag === 'cookstoves')!.count).toBe(all.filter((p) => p.tags.includes('cookstoves')).length);
    expect(f.kinds).toEqual([
      { kind: 'offset', count: all.filter((p) => p.kind === 'offset').length },
      { kind: 'goods', count: all.filter((p) => p.kind === 'goods').length },
    ]);
    expect(f.availability.inStock + f.availability.outOfStock).toBe(all.length);
    expect(f.priceRanges.map((r) => r.currency)).toEqual([...SUPPORTED_CURRENCIES]);
    const usd = all.map((p) => price(p, 'USD'));
    expect(f.priceRanges[0]).toEqual({ currency: 'USD', min: Math.min(...usd), max: Math.max(...usd) });
  });

  it('counts reflect the narrowing, but a facet ignores its own selection', async () => {
    const f = await facets('kind=goods&country=GH');
    const goods = all.filter((p) => p.kind === 'goods');
    const ghana = all.filter((p) => p.country === 'GH');
    // Kinds: narrowed by the country, not by the kind chosen.
    expect(f.kinds.find((k) => k.kind === 'offset')!.count).toBe(ghana.filter((p) => p.kind === 'offset').length);
    // Countries: narrowed by the kind, not by the country chosen.
    const countryCounts = new Map(f.countries.map((c) => [c.code, c.count]));
    for (const code of new Set(all.map((p) => p.country))) {
      expect(countryCounts.get(code!), code!).toBe(goods.filter((p) => p.country === code).length);
    }
    expect(f.total).toBe(goods.filter((p) => p.country === 'GH').length);
    const withSearch = await facets('q=cook');
    expect(withSearch.total).toBe((await list('q=cook')).data.length);
    expect(withSearch.kinds.find((k) => k.kind === 'goods')!.count + withSearch.kinds.find((k) => k.kind === 'offset')!.count).toBe(withSearch.total);
  });
});

describe('text search', () => {
  it('matches prefixes ("cook" finds cookstoves) and ranks name matches first', async () => {
    const { data } = await list('q=cook');
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.every((p) => /cook/i.test([p.name, p.tags.join(' '), p.shortDescription, p.description].join(' ')))).toBe(true);
    // Each matching product names cookstoves; the top ones carry it in their name (weight A).
    expect(data[0]!.name).toMatch(/cook/i);
  });

  it('finds a product by its country name and by a tag, and ranks a name hit above a description hit', async () => {
    const ghana = (await list('q=ghana')).data;
    expect(ghana.some((p) => p.country === 'GH')).toBe(true);
    const wind = (await list('q=wind')).data;
    expect(wind[0]!.name).toMatch(/wind/i);
  });

  it('combines the search with filters, sorting and pages', async () => {
    const cook = (await list('q=cook')).data;
    const ghanaCook = await list('q=cook&country=GH&page=1&size=1');
    expect(ghanaCook.meta!.total).toBe(cook.filter((p) => p.country === 'GH').length);
    const byName = (await list('q=cook&sort=name')).data.map((p) => p.name);
    expect(byName).toEqual([...cook.map((p) => p.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await list('q=zzzqqq')).data).toEqual([]);
  });

  it('survives hostile text: syntax characters, stop words only, long words, unicode', async () => {
    for (const q of ["'&|!():*", 'cook & | !', "cook'stove", '!!!', 'the and', 'a', ':*', '\\', '😀 cook', "'; drop table products; --", 'x'.repeat(100)]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/products?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(200);
      const filters = await app.inject({ method: 'GET', url: `/api/v1/filters?q=${encodeURIComponent(q)}` });
      expect(filters.statusCode, q).toBe(200);
    }
    expect((await list(`q=${encodeURIComponent('cook & | !')}`)).data.length).toBeGreaterThanOrEqual(3);
  });
});

describe('invalid parameters', () => {
  it('answer 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['sdg=18', 'sdg'],
      ['sdg=abc', 'sdg'],
      ['kind=food', 'kind'],
      ['availability=maybe', 'availability'],
      ['currency=XYZ', 'currency'],
      ['sort=cheapest', 'sort'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['size=101', 'size'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['minPrice=10&maxPrice=5', 'maxPrice'],
      ['country=GHA', 'country'],
      ['category=%3Cscript%3E', 'category'],
      [`q=${'x'.repeat(101)}`, 'q'],
      [`tag=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`, 'tag'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/v1/products', '/api/v1/filters']) {
        if (path === '/api/v1/filters' && (field === 'page' || field === 'size')) continue;
        const response = await app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        const body = json(response);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(body.fields).some((key) => key === field || key.startsWith(`${field}.`)), `${query}: ${JSON.stringify(body.fields)}`).toBe(true);
      }
    }
  });
});

describe('freshness and speed', () => {
  it('filtered reads, facets and 304s issue no SQL; a search issues one query, then is cached', async () => {
    const urls = ['/api/v1/products?kind=goods&sort=price-desc&currency=EUR&page=2&size=5', '/api/v1/filters?kind=goods', '/api/v1/products/featured?sdg=13'];
    for (const url of urls) await app.inject({ method: 'GET', url }); // first: built from memory
    queries.length = 0;
    for (const url of urls) {
      const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    await app.inject({ method: 'GET', url: '/api/v1/products?category=clean-cooking&sdg=5' }); // never asked before
    expect(queries).toEqual([]);

    await app.inject({ method: 'GET', url: '/api/v1/products?q=solar' });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/to_tsquery/);
    await app.inject({ method: 'GET', url: '/api/v1/products?q=solar' }); // cached
    await app.inject({ method: 'GET', url: '/api/v1/products?q=Solar&sort=name' }); // another body: one search
    expect(queries).toHaveLength(2);
  });

  it('is never stale after a write: filters, facets and search follow a price, stock and name change', async () => {
    const target = all.find((p) => p.variation.length === 0 && p.kind === 'offset' && p.actualStock > 0)!;
    const before = await list('sort=price-asc&currency=GBP');
    expect(before.data[0]!.slug).not.toBe(target.slug);
    await writes.setPrice(target.id, 'GBP', 1); // £0.01: cheapest now
    expect((await list('sort=price-asc&currency=GBP')).data[0]!.slug).toBe(target.slug);
    expect((await facets()).priceRanges.find((r) => r.currency === 'GBP')!.min).toBe(0.01);

    const outBefore = (await facets()).availability.outOfStock;
    await writes.setStock(target.id, 0);
    expect(slugs((await list('availability=outOfStock')).data)).toContain(target.slug);
    expect((await facets()).availability.outOfStock).toBe(outBefore + 1);

    expect((await list('q=zebracorn')).data).toEqual([]);
    await writes.updateProduct(target.id, { name: 'Zebracorn Meadow Restoration' });
    expect(slugs((await list('q=zebracorn')).data)).toEqual([target.slug]);
    expect((await facets('q=zebra')).total).toBe(1);
  });

  it('keeps the cache of queried bodies bounded, dropping the least recently used', async () => {
    const { BodyLru } = await import('../src/modules/catalog/body-lru.ts');
    const { encodeBody } = await import('../src/lib/encoded-body.ts');
    const lru = new BodyLru(3);
    for (const key of ['a', 'b', 'c']) await lru.getOrBuild(key, () => encodeBody(key));
    lru.get('a'); // a is now the most recent; b the least
    await lru.getOrBuild('d', () => encodeBody('d'));
    expect(lru.size).toBe(3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    // A failed build is not kept.
    await expect(lru.getOrBuild('e', () => Promise.reject(new Error('no')))).rejects.toThrow();
    expect(lru.get('e')).toBeUndefined();
    // Many distinct queries do not break reads.
    for (let i = 0; i < 60; i++) expect((await app.inject({ method: 'GET', url: `/api/v1/products?maxPrice=${i + 1}` })).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('still counts reads answered from the known-URL cache', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.inject({ method: 'GET', url: '/api/v1/filters?kind=goods' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
