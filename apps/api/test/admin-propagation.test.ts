import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator } from './admin-helpers.ts';
import { newProductBody } from './admin-fixtures.ts';
import { ensureWebBuilt } from './web-ssr-helpers.ts';

/**
 * Issue 24: a catalog edit made through the console in one API process reaches another process's
 * list, product page, filters, search and server-rendered HTML within a second (LISTEN/NOTIFY on
 * PostgreSQL; on PGlite both apps share the one database and its notifications).
 */
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  ensureWebBuilt();
  first = await createTestApp();
  second = await createTestApp({ sameDatabaseAs: first });
  // Warm both processes' page rendering (the SSR module loads on first use), so the second
  // measured below is propagation, not a cold start.
  const slug = second.catalog.snapshot().products[0]!.slug;
  for (const app of [first, second]) await app.inject({ method: 'GET', url: `/products/${slug}` });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
/** Within a second of the edit's answer, in the other process. */
async function soon(check: () => Promise<void>) {
  const started = Date.now();
  await vi.waitFor(check, { timeout: 1000, interval: 25 });
  console.log(`[propagation] visible in the other process after ${Date.now() - started} ms`);
}

describe('console edits in another API process', () => {
  it('show in the list, product page, filters, search and server-rendered page within a second', async () => {
    const owner = await signedInOperator(first, 'owner');
    const call = adminCall(first, owner.token);
    const created = await call('POST', '/products', newProductBody({ name: 'Peatland rewetting Ireland', slug: 'peatland-rewetting-ireland', tags: ['console rewetting'], countryCode: 'IE' }));
    expect(created.statusCode).toBe(201);
    const id = json(created).data._id;
    await soon(async () => {
      expect((await get(second, '/api/v1/productBySlug/peatland-rewetting-ireland')).statusCode).toBe(200);
      expect(json(await get(second, '/api/v1/products')).data.map((p: { slug: string }) => p.slug)).toContain('peatland-rewetting-ireland');
      expect(json(await get(second, '/api/v1/filters?tag=console%20rewetting')).data.total).toBe(1);
      expect(json(await get(second, '/api/v1/products?q=peatland')).data.map((p: { slug: string }) => p.slug)).toContain('peatland-rewetting-ireland');
      expect((await get(second, '/products/peatland-rewetting-ireland')).body).toContain('Peatland rewetting Ireland');
    });

    expect((await call('PATCH', `/products/${id}`, { name: 'Bog restoration Ireland', tags: ['console bogs'] })).statusCode).toBe(200);
    await soon(async () => {
      expect(json(await get(second, '/api/v1/productBySlug/peatland-rewetting-ireland')).data.name).toBe('Bog restoration Ireland');
      expect(json(await get(second, '/api/v1/filters?tag=console%20bogs')).data.total).toBe(1);
      expect(json(await get(second, '/api/v1/products?q=bog')).data.map((p: { slug: string }) => p.slug)).toContain('peatland-rewetting-ireland');
      const html = (await get(second, '/products/peatland-rewetting-ireland')).body;
      expect(html).toContain('Bog restoration Ireland');
      expect(html).not.toContain('Peatland rewetting Ireland');
    });

    expect((await call('POST', `/products/${id}/stock`, { set: 0, reason: 'correction' })).statusCode).toBe(200);
    await soon(async () => expect(json(await get(second, '/api/v1/productBySlug/peatland-rewetting-ireland')).data.actualStock).toBe(0));

    expect((await call('POST', `/products/${id}/archive`)).statusCode).toBe(200);
    await soon(async () => {
      expect((await get(second, '/api/v1/productBySlug/peatland-rewetting-ireland')).statusCode).toBe(404);
      expect(json(await get(second, '/api/v1/products')).data.map((p: { slug: string }) => p.slug)).not.toContain('peatland-rewetting-ireland');
      expect((await get(second, '/products/peatland-rewetting-ireland')).statusCode).toBe(404);
    });
  });
});
