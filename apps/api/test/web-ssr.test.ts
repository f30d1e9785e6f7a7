import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type Product } from '@app/contract';
import { FEATURED_PRODUCTS_SLICE, HOME_GRID_SIZE } from '@app/contract/constants';
import { loadConfig } from '../src/config.ts';
import { registerWeb } from '../src/plugins/web.ts';
import type { CatalogSnapshot } from '../src/modules/catalog/catalog.read-model.ts';
import { createTestApp, json } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt, expectInlined, island, joined, readManifest, rootMarkup, scriptsOf, sourcesOf, webDist } from './web-ssr-helpers.ts';

function jsonLd(html: string) {
  const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  if (!match) throw new Error('no JSON-LD');
  return JSON.parse(match[1]!);
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`))?.[1];
}

describe('server-rendered public pages', () => {
  let app: FastifyInstance;
  let products: Product[];
  let inStock: Product;
  let outOfStock: Product | undefined;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL } });
    products = json(await app.inject({ url: '/api/v1/products?showDetails=1' })).data;
    inStock = products.find((p) => p.actualStock > 0)!;
    outOfStock = products.find((p) => p.actualStock <= 0);
  });
  afterAll(() => app?.close());

  it('renders the home page with the rows, the first HOME_GRID_SIZE products and their prices, and the data to hydrate it', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const markup = rootMarkup(response.body);
    // The grid: the catalog's first page (the API's order), each with its price; the rest are a link away.
    for (const product of products.slice(0, HOME_GRID_SIZE)) {
      expect(markup).toContain(product.name.replace(/&/g, '&amp;'));
      const usd = product.priceList.find((p) => p.currency === 'USD')!;
      expect(markup).toContain(formatPrice(usd.price, 'USD'));
    }
    expect(markup.match(/data-testid="product-card"/g)).toHaveLength(HOME_GRID_SIZE);
    expect(joined(markup)).toContain(`${products.length} items`);
    expect(joined(markup)).toMatch(new RegExp(`<a[^>]*href="/products"[^>]*>Browse all ${products.length} products</a>`));
    // The rows: the first featured and on-offer products.
    const featured = products.filter((p) => p.featured).slice(0, FEATURED_PRODUCTS_SLICE);
    const offered = products.filter((p) => p.offered).slice(0, FEATURED_PRODUCTS_SLICE);
    expect(featured.length).toBeGreaterThan(0);
    expect(offered.length).toBeGreaterThan(0);
    for (const product of [...featured, ...offered]) expect(markup).toContain(`class="home-tile" href="/products/${product.slug}"`);
    expect(response.body).toContain('<title>Carbonwise — carbon offsets &amp; sustainable goods</title>');
    expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    const { data } = island(response.body);
    expect(data.currency).toBe('USD');
    // Only the pages the home page shows, never the whole list.
    expect(data.catalog.list).toBeUndefined();
    const seeded = Object.values(data.catalog.pages as Record<string, { products: Product[] }>).map((page) => page.products.length);
    expect(seeded.sort((a, b) => a - b)).toEqual([offered.length, featured.length, HOME_GRID_SIZE].sort((a, b) => a - b));
  });

  it('renders /?kind= with that kind\'s first HOME_GRID_SIZE products and a link to the catalog filtered by it', async () => {
    const goods = products.filter((p) => p.kind === 'goods');
    const markup = rootMarkup((await app.inject({ url: '/?kind=goods' })).body);
    const names = [...markup.matchAll(/<h3 class="product-card__title"[^>]*><a[^>]*>([^<]*)/g)].map((match) => match[1]);
    expect(names).toEqual(goods.slice(0, HOME_GRID_SIZE).map((p) => p.name.replace(/&/g, '&amp;')));
    expect(joined(markup)).toContain(`${goods.length} items`);
    expect(joined(markup)).toMatch(new RegExp(`href="/products\\?kind=goods"[^>]*>Browse all ${goods.length} sustainable goods</a>`));
  });

  it('renders /products?kind= with only that kind in the grid (its first page)', async () => {
    const response = await app.inject({ url: '/products?kind=offset' });
    expect(response.statusCode).toBe(200);
    const markup = rootMarkup(response.body);
    expect(markup).toContain('All products');
    // The catalog page shows 24 products a page (CATALOG_PAGE_SIZE), in the API's order.
    const firstPage = products.filter((product) => product.kind === 'offset').slice(0, 24);
    for (const product of products) {
      const shown = markup.includes(`>${product.name.replace(/&/g, '&amp;')}</a>`);
      expect(shown, product.name).toBe(firstPage.includes(product));
    }
    expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products?kind=offset" />`);
  });

  it('renders a product page with its head tags and Product JSON-LD in the visitor currency', async () => {
    const response = await app.inject({ url: `/products/${inStock.slug}`, headers: { cookie: 'theme=x; currency=GBP' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const gbp = inStock.priceList.find((p) => p.currency === 'GBP')!;
    expect(rootMarkup(html)).toContain(formatPrice(gbp.price, 'GBP'));
    expect(rootMarkup(html)).toContain('In Stock');
    expect(html).toContain(`<title>${inStock.name.replace(/&/g, '&amp;')} — Carbonwise</title>`);
    expect(meta(html, 'name', 'description')).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products/${inStock.slug}" />`);
    expect(meta(html, 'property', 'og:title')).toBe(inStock.name.replace(/&/g, '&amp;'));
    expect(meta(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/products/${inStock.slug}`);
    expect(meta(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}${inStock.image[0]}`);
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: inStock.name,
      image: inStock.image.map((image) => `${PUBLIC_URL}${image}`),
      offers: { '@type': 'Offer', price: gbp.price.toFixed(2), priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
    });
    expect(island(html).data.currency).toBe('GBP');
  });

  it('marks an out-of-stock product OutOfStock with a disabled button', async () => {
    if (!outOfStock) return expect.fail('the seed has no out-of-stock product to check');
    const response = await app.inject({ url: `/products/${outOfStock.slug}` });
    expect(jsonLd(response.body).offers.availability).toBe('https://schema.org/OutOfStock');
    expect(rootMarkup(response.body)).toMatch(/<button[^>]*disabled=""[^>]*>Out of Stock<\/button>/);
  });

  it('answers an unknown slug with 404 and a not-found page search engines skip', async () => {
    const response = await app.inject({ url: '/products/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('We couldn’t find that product');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('ignores an unknown currency cookie (USD)', async () => {
    const response = await app.inject({ url: `/products/${inStock.slug}`, headers: { cookie: 'currency=XXX' } });
    expect(jsonLd(response.body).offers.priceCurrency).toBe('USD');
  });

  it('sends pages and assets compressed as the client accepts, with Vary: Accept-Encoding', async () => {
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    const entry = plain.body.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/)![1]!;
    const file = readFileSync(path.join(webDist, entry));
    const asset = await app.inject({ url: entry, headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(String(asset.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(asset.rawPayload).equals(file)).toBe(true);
    const gzAsset = await app.inject({ url: entry, headers: { 'accept-encoding': 'gzip' } });
    expect(gzAsset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzAsset.rawPayload).equals(file)).toBe(true);
    const rawAsset = await app.inject({ url: entry });
    expect(rawAsset.headers['content-encoding']).toBeUndefined();
    expect(rawAsset.rawPayload.equals(file)).toBe(true);
  });

  it('inlines the entry CSS, keeping its link disabled so it is not fetched twice', async () => {
    const html = (await app.inject({ url: '/' })).body;
    const manifest = readManifest();
    const entryCss: string[] = manifest['index.html'].css;
    for (const file of entryCss) {
      expect(html).toContain(readFileSync(path.join(webDist, file), 'utf8'));
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${file}" disabled>`);
    }
  });

  it('serves other pages as the app shell, preloading the page chunk and its CSS from the manifest', async () => {
    const response = await app.inject({ url: '/account' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    const manifest = readManifest();
    const account = manifest['src/app/routes/AccountPage.tsx'];
    expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/${account.file}">`);
    for (const css of account.css ?? []) expectInlined(response.body, css);
    expect(response.body).not.toContain('id="ssr-data"');
  });

  it('keeps zod out of the JavaScript the public pages load (no form there)', async () => {
    const html = (await app.inject({ url: `/products/${inStock.slug}` })).body;
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const map = { sources: sourcesOf(script) };
      expect(map.sources.filter((source) => source.includes('node_modules/zod/')), script).toEqual([]);
    }
  });

  it('keeps TanStack Query out of the JavaScript the public pages and the login page load (they read the catalog cache or nothing)', async () => {
    for (const url of ['/', '/products', `/products/${inStock.slug}`, '/login']) {
      const html = (await app.inject({ url })).body;
      const scripts = scriptsOf(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const map = { sources: sourcesOf(script) };
        expect(map.sources.filter((source) => source.includes('node_modules/@tanstack/')), `${url} ${script}`).toEqual([]);
      }
    }
  });

  it('preloads TanStack Query with the lazy pages that use it (the query provider comes with the page)', async () => {
    const html = (await app.inject({ url: '/account' })).body;
    const manifest = readManifest();
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/routes/AccountPage.tsx'].file}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/query-provider.tsx'].file}">`);
  });

  it('keeps the API 404 envelope for unknown /api paths', async () => {
    const response = await app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(json(response).code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('rendering around the catalog snapshot', () => {
  let products: Product[];
  let web: FastifyInstance;
  let snapshot: CatalogSnapshot;

  const snapshotOf = (version: string, list: Product[]): CatalogSnapshot => ({
    version,
    products: list,
    bySlug: (slug) => list.find((p) => p.slug === slug),
  });

  beforeAll(async () => {
    ensureWebBuilt();
    const app = await createTestApp();
    products = json(await app.inject({ url: '/api/v1/products?showDetails=1' })).data;
    await app.close();
    web = Fastify();
    web.decorate('config', loadConfig({ PUBLIC_URL }, { inMemoryDatabase: true }));
    snapshot = snapshotOf('v1', products);
    await registerWeb(web, {
      webDistDir: webDist,
      catalog: {
        snapshot: () => {
          if (snapshot.version === 'broken') throw new Error('read model unavailable');
          return snapshot;
        },
      },
    });
  });
  afterAll(() => web?.close());

  it('caches a page per currency until the snapshot version changes', async () => {
    expect((await web.inject({ url: '/products' })).headers['x-render-cache']).toBe('miss');
    expect((await web.inject({ url: '/products' })).headers['x-render-cache']).toBe('hit');
    expect((await web.inject({ url: '/products?utm_source=mail' })).headers['x-render-cache']).toBe('hit');
    expect((await web.inject({ url: '/products', headers: { cookie: 'currency=JPY' } })).headers['x-render-cache']).toBe('miss');
    const renamed = [{ ...products[0]!, name: 'Renamed in the catalog' }, ...products.slice(1)];
    snapshot = snapshotOf('v2', renamed);
    const after = await web.inject({ url: '/products' });
    expect(after.headers['x-render-cache']).toBe('miss');
    expect(after.body).toContain('Renamed in the catalog');
  });

  it('escapes product text inside the data island and JSON-LD, so nothing can close the script', async () => {
    const hostile = { ...products[0]!, name: '</script><script>alert(1)</script>', slug: 'hostile' };
    snapshot = snapshotOf('v3', [hostile, ...products.slice(1)]);
    const html = (await web.inject({ url: '/products/hostile' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(island(html).data.catalog.detail.product.name).toBe(hostile.name);
    expect(jsonLd(html).name).toBe(hostile.name);
  });

  it('keeps the home page bounded at any catalog size: HOME_GRID_SIZE + 2 × FEATURED_PRODUCTS_SLICE products at most', async () => {
    // 520 products (the seed's, repeated), ids in order as the read model keeps them, many flagged.
    const many = Array.from({ length: 520 }, (_, i) => {
      const base = products[i % products.length]!;
      const id = `big-${String(i).padStart(4, '0')}`;
      return { ...base, _id: id, id, slug: id, name: `Big catalog product ${i}`, featured: i % 3 === 0, offered: i % 4 === 0 };
    });
    snapshot = snapshotOf('big', many);
    const response = await web.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    const markup = rootMarkup(response.body);
    const { raw } = island(response.body);
    const inMarkup = many.filter((p) => markup.includes(`href="/products/${p.slug}"`));
    const inIsland = many.filter((p) => raw.includes(`"slug":"${p.slug}"`));
    const bound = HOME_GRID_SIZE + 2 * FEATURED_PRODUCTS_SLICE;
    expect(inMarkup.length).toBeLessThanOrEqual(bound);
    expect(inIsland.length).toBeLessThanOrEqual(bound);
    expect(markup.match(/data-testid="product-card"/g)).toHaveLength(HOME_GRID_SIZE);
    expect(joined(markup)).toContain('520 items');
    expect(joined(markup)).toContain('>Browse all 520 products</a>');
  });

  it('falls back to the app shell, not a 500, when rendering fails', async () => {
    snapshot = { ...snapshotOf('broken', products) };
    const response = await web.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});
