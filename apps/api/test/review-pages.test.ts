import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';

/**
 * A product's public review pages are kept as ready bytes (review-pages.cache.ts): never stale
 * after a review is written or edited, in this process or in another on the same database.
 */
describe('review pages served from memory', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let product: Product;
  let token: string;
  let order: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ sameDatabaseAs: first });
    product = first.catalog.snapshot().products[3]!;
    const buyer = await registerVerified(first, { firstName: 'Mira', lastName: 'Osei' });
    token = buyer.token;
    order = await insertOrder(first, { userId: buyer.user._id, productIds: [product.id] });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const page = async (app: FastifyInstance, query = '') => json(await app.inject({ method: 'GET', url: `/api/v1/review/${product.id}/product${query}` }));

  it('shows a new review and an edited comment at once, though the empty page was read (and kept) before', async () => {
    expect((await page(first)).meta.total).toBe(0);
    expect((await page(first, '?page=1&size=5')).data).toEqual([]);

    const created = await first.inject({ method: 'POST', url: '/api/v1/review', headers: bearer(token), payload: { product: product.id, order, rating: 4, comment: 'Solid project, clear reporting.' } });
    expect(created.statusCode).toBe(201);
    const afterPost = await page(first);
    expect(afterPost.meta.total).toBe(1);
    expect(afterPost.summary).toMatchObject({ averageRating: 4, reviewCount: 1 });
    expect(afterPost.data[0]).toMatchObject({ comment: 'Solid project, clear reporting.', rating: 4 });
    expect((await page(first, '?page=1&size=5')).data).toHaveLength(1);

    // A comment-only edit leaves the product's average as it was, and still shows.
    const id = json(created).data._id as string;
    const edited = await first.inject({ method: 'PATCH', url: `/api/v1/review/${id}`, headers: bearer(token), payload: { comment: 'Solid project; the yearly report is clear.', rating: 4 } });
    expect(edited.statusCode).toBe(200);
    expect((await page(first)).data[0].comment).toBe('Solid project; the yearly report is clear.');
  });

  it("reaches another process's pages through the catalog's NOTIFY", async () => {
    // The second process has this page in memory already…
    expect((await page(second)).data[0].comment).toBe('Solid project; the yearly report is clear.');
    const id = (await page(second)).data[0]._id as string;
    // …and the first edits the review.
    await first.inject({ method: 'PATCH', url: `/api/v1/review/${id}`, headers: bearer(token), payload: { comment: 'Edited in the first process.', rating: 5 } });
    await vi.waitFor(async () => expect((await page(second)).data[0].comment).toBe('Edited in the first process.'), { timeout: 5000, interval: 50 });
    expect((await page(second)).summary).toMatchObject({ averageRating: 5 });
  });

  it('answers compressed bytes with an ETag, and 304 when the client has them', async () => {
    const url = `/api/v1/review/${product.id}/product`;
    const compressed = await first.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8')).data[0].comment).toBe('Edited in the first process.');
    const etag = compressed.headers.etag as string;
    const again = await first.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it("keeps a product's pages through a change of its stock only (an order), and drops them with any other change", async () => {
    const shown = (await page(first)).data[0].comment as string;
    // Written behind the API's back, so only a drop can show it.
    await first.database.db.execute(sql`update product_reviews set comment = 'Changed behind the cache.' where product_id = ${product.id}::uuid`);
    await first.catalog.changed([product.id], { stockOnly: true });
    expect((await page(first)).data[0].comment).toBe(shown);
    await first.catalog.changed([product.id]);
    expect((await page(first)).data[0].comment).toBe('Changed behind the cache.');
  });
});
