import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { MAX_CACHED_QUERY_PAGES } from '../src/plugins/web/page-renderer.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createTestApp, json } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt, island, rootMarkup } from './web-ssr-helpers.ts';

const shown = (markup: string, product: Product) => markup.includes(`>${product.name.replace(/&/g, '&amp;')}</a>`);

describe('server-rendered catalog with search, filters, sort and pages', () => {
  let app: FastifyInstance;
  let products: Product[];

  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL } });
    products = json(await app.inject({ url: '/api/v1/products?showDetails=1' })).data;
  });
  afterAll(() => app?.close());

  it('renders a filtered, sorted page from the read model: the same products the API gives, and the facet counts', async () => {
    const url = '/products?standard=gold-standard&sort=name';
    const api = json(await app.inject({ url: `/api/v1/products?showDetails=1&standard=gold-standard&sort=name&page=1&size=24` }));
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    const markup = rootMarkup(response.body);
    const expected: Product[] = api.data;
    expect(expected.length).toBeGreaterThan(0);
    for (const product of products) expect(shown(markup, product), product.name).toBe(expected.some((p) => p.id === product.id));
    // In the API's order.
    const positions = expected.map((product) => markup.indexOf(`>${product.name.replace(/&/g, '&amp;')}</a>`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The facet panel with its counts is in the HTML, the chosen standard checked.
    const facets = json(await app.inject({ url: '/api/v1/filters?standard=gold-standard' })).data;
    const gold = facets.standards.find((s: { slug: string }) => s.slug === 'gold-standard');
    expect(markup).toMatch(new RegExp(`aria-label="${gold.name} \\(${gold.count}\\)"`));
    expect(markup).toMatch(/type="checkbox" checked=""/);
    // Hydration starts from the same data: the island holds the page and the facets.
    const { data } = island(response.body);
    expect(Object.values(data.catalog.pages)[0]).toMatchObject({ meta: api.meta });
    expect(Object.values(data.catalog.facets)[0]).toEqual(facets);
    expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products?standard=gold-standard&amp;sort=name" />`);
  });

  it('renders the second page and price filters in the visitor currency', async () => {
    const page2 = rootMarkup((await app.inject({ url: '/products?page=2' })).body);
    for (const product of products) expect(shown(page2, product), product.name).toBe(products.indexOf(product) >= 24 && products.indexOf(product) < 48);
    expect(page2).toContain('aria-current="page"');

    const maxEur = 20;
    const eur = rootMarkup((await app.inject({ url: `/products?maxPrice=${maxEur}`, headers: { cookie: 'currency=EUR' } })).body);
    const cheap = products.filter((p) => p.priceList.find((e) => e.currency === 'EUR')!.price <= maxEur);
    expect(cheap.length).toBeGreaterThan(0);
    for (const product of products.slice(0, 24)) expect(shown(eur, product), product.name).toBe(cheap.slice(0, 24).includes(product));
  });

  it("sends each shop page's own chunk and its CSS (inline, the link disabled) with that page only", async () => {
    const catalog = (await app.inject({ url: '/products?kind=goods' })).body;
    expect(catalog).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/CatalogPage-[\w-]+\.js">/);
    expect(catalog).toMatch(/<\/style>\s*<link rel="stylesheet" crossorigin href="\/assets\/CatalogPage-[\w-]+\.css" disabled>/);
    expect(catalog).not.toMatch(/HomePage-|ProductPage-/);
    const home = (await app.inject({ url: '/' })).body;
    expect(home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/HomePage-[\w-]+\.js">/);
    expect(home).not.toMatch(/CatalogPage-|ProductPage-/);
    const product = (await app.inject({ url: `/products/${products[0]!.slug}` })).body;
    expect(product).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-[\w-]+\.js">/);
    expect(product).toMatch(/<\/style>\s*<link rel="stylesheet" crossorigin href="\/assets\/ProductPage-[\w-]+\.css" disabled>/);
    expect(product).not.toMatch(/HomePage-|CatalogPage-/);
  });

  it('renders a text search with its skeleton (the browser fetches the results), not a 500', async () => {
    const response = await app.inject({ url: `/products?q=${encodeURIComponent("cook'&|!")}` });
    expect(response.statusCode).toBe(200);
    const markup = rootMarkup(response.body);
    expect(markup).toContain('aria-busy="true"');
    expect(products.some((product) => shown(markup, product))).toBe(false);
    expect(island(response.body).data.catalog).toEqual({});
  });

  it('caches a query page under its normal form, drops unknown parameters, and follows catalog changes', async () => {
    const first = await app.inject({ url: '/products?sdg=13&kind=offset&utm_source=x' });
    expect(first.headers['x-render-cache']).toBe('miss');
    const same = await app.inject({ url: '/products?kind=offset&sdg=13&bogus=1' });
    expect(same.headers['x-render-cache']).toBe('hit');
    expect(same.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products?sdg=13&amp;kind=offset" />`);

    const target = products.find((p) => p.kind === 'offset' && p.details!.sdgs.some(({ sdg }) => sdg.number === 13))!;
    await createCatalogWrites(app.database.db, app.catalog).updateProduct(target.id, { name: 'Renamed For The Catalog Test' });
    const after = await app.inject({ url: '/products?kind=offset&sdg=13' });
    expect(after.headers['x-render-cache']).toBe('miss');
    expect(rootMarkup(after.body)).toContain('Renamed For The Catalog Test');
  });

  it('keeps made-up query pages in a bounded cache that cannot push out the main pages', async () => {
    await app.inject({ url: '/products' });
    expect((await app.inject({ url: '/products' })).headers['x-render-cache']).toBe('hit');
    for (let i = 0; i <= MAX_CACHED_QUERY_PAGES; i++) {
      const response = await app.inject({ url: `/products?maxPrice=${i + 1}` });
      expect(response.statusCode).toBe(200);
    }
    // The oldest query page was dropped; the plain catalog page was not.
    expect((await app.inject({ url: '/products?maxPrice=1' })).headers['x-render-cache']).toBe('miss');
    expect((await app.inject({ url: '/products' })).headers['x-render-cache']).toBe('hit');
  });
});
