import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { createTestApp, json } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt } from './web-ssr-helpers.ts';

/**
 * Issue 23 item 2: the HTML template put the rendered page in with `String.prototype.replace` and
 * a replacement *string*, so `$\``, `$'` and `$&` in the visitor's URL copied parts of the
 * template into the answer: `GET /products?q=zz$\`` sent four documents, and 49 × `$\`` in a
 * 300-byte URL made a 5.2 MB page (~0.9 s of CPU, cached 300 times over).
 *
 * Every server-rendered page is asked for with each replacement pattern in every part of the URL
 * a visitor controls (the path, each query parameter the page reads, Accept-Language), and must
 * answer one document whose size is close to the same page without the pattern.
 */
const PATTERNS = ['$`', "$'", '$&', '$1', '$$', '$<x>'];
/** Forty of a pattern: enough that any copying shows up as megabytes, not bytes. */
const payload = (pattern: string) => `zz${pattern.repeat(40)}`;

/** The catalog reads these (packages/contract/src/catalog/query.ts); the others read only what is listed. */
const CATALOG_PARAMS = ['q', 'category', 'country', 'standard', 'sdg', 'tag', 'kind', 'availability', 'minPrice', 'maxPrice', 'currency', 'sort', 'page'];

let app: FastifyInstance;
let slug: string;

beforeAll(async () => {
  ensureWebBuilt();
  app = await createTestApp({ seed: true, env: { PUBLIC_URL, RATE_LIMIT_MAX: '1000000' } });
  slug = (json(await app.inject({ url: '/api/v1/products' })).data as Product[])[0]!.slug;
});
afterAll(() => app?.close());

/** Each server-rendered page, and the query parameters it reads. */
const pages = () => [
  { path: '/', params: ['kind', 'utm_source'] },
  { path: '/products', params: CATALOG_PARAMS },
  { path: `/products/${slug}`, params: ['ref'] },
  { path: '/login', params: ['tab'] },
  { path: '/carbon-calculator', params: ['country'] },
];

async function get(url: string, acceptLanguage = 'en-GB,en;q=0.8') {
  const response = await app.inject({ url, headers: { 'accept-language': acceptLanguage } });
  return { status: response.statusCode, body: response.body, html: String(response.headers['content-type']).startsWith('text/html') };
}

function expectOneDocument(body: string, baseline: number, what: string) {
  expect(body.match(/<!doctype html>/gi)?.length ?? 0, `${what}: documents`).toBe(1);
  expect(body.match(/<div id="root">/g)?.length ?? 0, `${what}: roots`).toBe(1);
  expect(body.match(/id="ssr-data"/g)?.length ?? 0, `${what}: data islands`).toBeLessThanOrEqual(1);
  expect(body.match(/<\/html>/g)?.length ?? 0, `${what}: endings`).toBe(1);
  // The pattern itself may appear (escaped) a few times: in the title, the markup and the data island.
  expect(body.length, `${what}: size`).toBeLessThan(baseline * 1.2 + 20_000);
}

describe('replacement patterns in the URL (issue 23 item 2)', () => {
  it('never copy the template: one document of bounded size for every page, pattern and part of the URL', async () => {
    let requests = 0;
    for (const page of pages()) {
      const baseline = (await get(page.path)).body.length;
      for (const pattern of PATTERNS) {
        const text = encodeURIComponent(payload(pattern));
        const tries = [
          ...page.params.map((param) => ({ url: `${page.path}?${param}=${text}`, lang: undefined, what: `${page.path}?${param}=${pattern}` })),
          { url: page.path, lang: `${payload(pattern)},en;q=0.5`, what: `${page.path} with Accept-Language ${pattern}` },
        ];
        for (const { url, lang, what } of tries) {
          const { status, body } = await get(url, lang);
          requests += 1;
          expect(status, what).toBeLessThan(500);
          expectOneDocument(body, baseline, what);
        }
      }
    }
    // Paths: a product slug and a page nobody has, each with the pattern in it.
    const shell = (await get('/no-such-page')).body.length;
    for (const pattern of PATTERNS) {
      for (const path of [`/products/${encodeURIComponent(payload(pattern))}`, `/${encodeURIComponent(payload(pattern))}`, `/products/${slug}${encodeURIComponent(pattern)}`]) {
        const { status, body, html } = await get(path);
        requests += 1;
        expect(status, path).toBeLessThan(500);
        // A path too long for a page is refused with the small JSON envelope: nothing to copy there.
        if (html) expectOneDocument(body, Math.max(shell, 200_000), path);
        else expect(body.length, path).toBeLessThan(2000);
      }
    }
    expect(requests).toBeGreaterThan(100);
  });

  it('answers the reported attack with one small page: GET /products?q=zz$` and 49 × $` in q', async () => {
    const plain = (await get('/products?q=zz')).body.length;
    const once = await get(`/products?q=${encodeURIComponent('zz$`')}`);
    expectOneDocument(once.body, plain, 'q=zz$`');
    const many = await get(`/products?q=${encodeURIComponent(`zz${'$`'.repeat(49)}`)}`);
    expectOneDocument(many.body, plain, 'q=zz + 49 × $`');
    expect(many.body.length).toBeLessThan(plain + 10_000);
  });
});
