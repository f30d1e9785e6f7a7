import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt, readManifest, scriptsOf } from './web-ssr-helpers.ts';

/**
 * The operator console's pages (/admin): the app shell with HTTP 200 and noindex for its pages
 * (ADMIN_CONSOLE_PAGES in the contract), HTTP 404 for any other path under /admin; and none of
 * its code in a storefront page's first load.
 */
describe('operator console pages', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => app?.close());

  it('answers every console page with the app shell, 200, not to be indexed, preloading the console', async () => {
    const console = readManifest()['src/features/admin/AdminConsole.tsx']!;
    for (const url of ['/admin', '/admin/', '/admin/sign-in?next=%2Fadmin%2Fproducts', '/admin/products', '/admin/products/new', '/admin/products/7d2c9a0e-4b1f-4f3e-9a51-0c2e8f1b6d47', '/admin/orders?status=pending&page=2', '/admin/customers/abc', '/admin/audit']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain(`<link rel="modulepreload" crossorigin href="/${console.file}">`);
    }
    const head = await app.inject({ method: 'HEAD', url: '/admin/products' });
    expect(head.statusCode).toBe(200);
  });

  it('answers any other path under /admin with 404 (still the shell, so the console says so itself)', async () => {
    for (const url of ['/admin/nope', '/admin/products/1/2', '/admin/products/..%2F..%2Fetc', '/admin/sign-in/extra', `/admin/customers/${'x'.repeat(300)}`]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    // Not the console: /administrator is an ordinary storefront address, and an unknown one (the
    // storefront's not-found page, noindex; never the console's nofollow).
    const storefront = await app.inject({ url: '/administrator' });
    expect(storefront.statusCode).toBe(404);
    expect(storefront.headers['x-robots-tag']).toBe('noindex');
  });

  it('keeps the console out of every storefront page first load', async () => {
    const manifest = readManifest();
    const consoleFiles = new Set(Object.entries(manifest).filter(([source]) => source.includes('features/admin/')).map(([, chunk]) => chunk.file));
    expect(consoleFiles.size).toBeGreaterThan(5);
    const product = (await (await app.inject({ url: '/api/v1/products?limit=1' })).json()).data[0].slug as string;
    for (const url of ['/', '/products', `/products/${product}`, '/login', '/other/cart', '/carbon-calculator', '/account']) {
      const scripts = scriptsOf((await app.inject({ url })).body);
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const script of scripts) expect(consoleFiles.has(script), `${url} loads ${script}`).toBe(false);
    }
  });
});
