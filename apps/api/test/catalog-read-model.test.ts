import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataEnvelope, productSchema, type Product } from '@app/contract';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository.ts';
import { toProducts } from '../src/modules/catalog/catalog.service.ts';
import { createTestApp, json, isBackgroundStatement } from './helper.ts';

/** The body of a response, decoded by its content-encoding. */
function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

describe('catalog read model', () => {
  let app: FastifyInstance;
  let queries: string[];
  beforeAll(async () => {
    queries = [];
    app = await createTestApp({ logger: { logQuery: (query, params) => void (!isBackgroundStatement(query, params) && queries.push(query)) } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers with the same bytes the per-request query and zod serialiser gave', async () => {
    const bundle = await createCatalogRepository(app.database.db).loadProducts();
    const listSchema = dataEnvelope(z.array(productSchema));
    for (const [url, withDetails] of [
      ['/api/v1/products?showDetails=1', true],
      ['/api/v1/products', false],
    ] as const) {
      const expected = JSON.stringify(listSchema.parse({ success: true, data: toProducts(bundle, withDetails) }));
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(expected);
    }
    const [first] = toProducts(bundle, true);
    const page = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${first.slug}` });
    expect(page.body).toBe(JSON.stringify(dataEnvelope(productSchema).parse({ success: true, data: first })));
  });

  it('keeps only the first N with limit, on every list', async () => {
    const all: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    const eight: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=8' })).data;
    expect(eight.map((p) => p.id)).toEqual(all.slice(0, 8).map((p) => p.id));
    const pastTheEnd: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=500' })).data;
    expect(pastTheEnd).toHaveLength(all.length);
    const featuredTwo: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products/featured?limit=2&showDetails=1' })).data;
    expect(featuredTwo).toHaveLength(2);
    expect(featuredTwo.every((p) => p.featured && p.details)).toBe(true);
  });

  it('lists featured and offered products to visitors, sorted by id, in the Product shape', async () => {
    const all: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    for (const flag of ['featured', 'offered'] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/products/${flag}` });
      expect(response.statusCode).toBe(200);
      const listed: Product[] = json(response).data;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(all.filter((p) => p[flag]));
      for (const product of listed) expect(productSchema.safeParse(product).success).toBe(true);
    }
    expect(json(await app.inject({ method: 'GET', url: '/api/v1/products/featured?showDetails=maybe' })).code).toBe('VALIDATION_FAILED');
  });

  it('sends brotli, gzip or identity by Accept-Encoding with q-values, all decoding to the same JSON', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1' });
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['identity', undefined],
      ['compress', undefined],
      ['*;q=0', undefined], // nothing acceptable: identity is the fallback
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(decoded(response)).toBe(plain.body);
      if (expected) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    const page = await app.inject({ method: 'GET', url: '/api/v1/productBySlug/' + json(plain).data[0].slug, headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(decoded(page)).data.id).toBe(json(plain).data[0].id);
  });

  it('answers If-None-Match with 304 for any encoding of the same body, and 200 for another', async () => {
    const url = '/api/v1/products/offered';
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const etag = gz.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-gz"$/);
    const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // A proxy that decompressed it, a weak form, a list: still the same content.
    const identity = await app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(identity.statusCode).toBe(304);
    expect(identity.headers.etag).toBe(etag.replace('-gz', ''));
    const stale = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"not-this-one"' } });
    expect(stale.statusCode).toBe(200);
    const otherList = await app.inject({ method: 'GET', url: '/api/v1/products/featured', headers: { 'if-none-match': etag } });
    expect(otherList.statusCode).toBe(200);
  });

  it('makes no database query for catalog reads, hits, misses and 304s alike', async () => {
    const slug: string = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).data[0].slug;
    const etag = (await app.inject({ method: 'GET', url: '/api/v1/products' })).headers.etag as string;
    queries.length = 0;
    const urls = [
      '/api/v1/products',
      '/api/v1/products?showDetails=1',
      '/api/v1/products?showDetails=true&limit=8',
      '/api/v1/products?limit=3',
      '/api/v1/products/featured',
      '/api/v1/products/offered?showDetails=1',
      `/api/v1/productBySlug/${slug}`,
      '/api/v1/productBySlug/no-such-product',
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const url of urls) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': round === 1 ? 'br' : 'gzip' } });
        expect(response.statusCode, url).toBe(url.endsWith('no-such-product') ? 404 : 200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/v1/products', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    }
    expect(queries).toEqual([]);
    // The counter works: a write is seen.
    await app.catalog.changed();
    expect(queries.length).toBeGreaterThan(0);
  });

  it('exposes a snapshot for rendering: products with details sorted by id, by slug, and a version', async () => {
    const snapshot = app.catalog.snapshot();
    const listed: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1' })).data;
    expect(snapshot.products).toEqual(listed);
    expect(snapshot.bySlug(listed[3].slug)).toEqual(listed[3]);
    expect(snapshot.bySlug('no-such-product')).toBeUndefined();
    expect(snapshot.version).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(app.catalog.snapshot()).toBe(snapshot);
  });

  it('never compresses twice: web pages once (by the web plugin), catalog bodies once; other API responses from 1 KB', async () => {
    const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    // Server-rendered pages are compressed by the web plugin alone: one decompression gives HTML.
    const html = home.headers['content-encoding'] === 'br' ? brotliDecompressSync(home.rawPayload).toString('utf8') : home.body;
    expect(html.toLowerCase()).toContain('<!doctype html>');
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined(); // under 1 KB
    const listed = await app.inject({ method: 'GET', url: '/api/v1/products', headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(listed.rawPayload).toString('utf8')).success).toBe(true);
  });
});
