import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePatterns } from '@app/contract/web-pages';
import { createTestApp, json } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt, readManifest } from './web-ssr-helpers.ts';

/**
 * Issue 26 item 8: an address the web app has no page for is a real 404 (with the not-found page
 * and noindex), not "not found" drawn by the browser under a 200. The pages are the contract's
 * web-pages list, which the browser's router is checked against (apps/web/src/app/routes.test.ts).
 */
describe('page addresses and their status', () => {
  let app: FastifyInstance;
  let productSlug: string;
  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL } });
    productSlug = app.catalog.snapshot().products[0]!.slug;
  });
  afterAll(() => app?.close());

  it.each(['/administrator', '/no-such-page', '/account/nope', '/products/a/b', '/events', '/other', '/_app', '/wishlist/x'])(
    '%s answers 404 with the not-found page, noindex',
    async (url) => {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<title>Page not found — Carbonwise</title>');
      expect(response.body).not.toContain('<link rel="canonical"');
      // The browser draws the page: its chunk comes with the shell.
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/${readManifest()['src/app/routes/NotFoundPage.tsx']!.file}">`);
    },
  );

  it('answers every page of the list with 200 (its rendered HTML or the app shell)', async () => {
    const patterns = pagePatterns();
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns) {
      // A product page needs a product that exists (an unknown slug is the product's own 404).
      const url = pattern.replace(':slug', pattern.startsWith('/products/') ? productSlug : 'some-slug').replace(/:\w+/g, 'X1');
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('keeps 200 for a page with a trailing slash, other letter case or a query', async () => {
    for (const url of ['/account/', '/ACCOUNT', '/other/cart?x=1', '/events/CLIMATESUM-WHA4GS/']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('answers HEAD like GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/account' })).statusCode).toBe(200);
  });

  it('keeps the JSON envelope for unknown files, other methods and API paths', async () => {
    for (const [method, url, code] of [
      ['GET', '/no-such-file.png', 'NOT_FOUND'],
      ['POST', '/admin', 'NOT_FOUND'],
      ['GET', '/api/admin', 'ROUTE_NOT_FOUND'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response).code, url).toBe(code);
    }
  });
});

describe('the not-found page and the rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => app?.close());

  it('counts not-found pages against the global limit, as any answer of the not-found handler', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await app.inject({ url: `/made-up-${n}`, remoteAddress: '198.51.100.60' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
