import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { findPaidPurchases } from '../src/modules/orders/purchases.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';

interface Account {
  token: string;
  user: { _id: string; email: string };
}

/** Product reviews: paid buyers only, one per product per order, authors edit, averages fresh. */
describe('product reviews', () => {
  let app: FastifyInstance;
  let buyer: Account;
  let other: Account;
  let products: Product[];
  let product: Product;
  let paidOrder: string;
  let pendingOrder: string;

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await registerVerified(app, { firstName: 'Ada', lastName: 'greenwood' });
    other = await registerVerified(app, { firstName: 'Bo', lastName: 'Lind' });
    products = [...app.catalog.snapshot().products];
    product = products[0];
    paidOrder = await insertOrder(app, { userId: buyer.user._id, productIds: [product.id, products[1].id] });
    pendingOrder = await insertOrder(app, { userId: buyer.user._id, productIds: [product.id], status: 'pending' });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (token: string | undefined, payload: unknown, url = '/api/v1/review') =>
    app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
  const patch = (token: string | undefined, id: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url: `/api/v1/review/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });
  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const catalogProduct = async (id: string) => {
    const list = json(await get('/api/v1/products')).data as Product[];
    const listed = list.find((p) => p.id === id)!;
    const bySlug = json(await get(`/api/v1/productBySlug/${listed.slug}`)).data as Product;
    return { listed, bySlug };
  };

  describe('the purchase check (orders/purchases.ts)', () => {
    it('answers yes for a paid order of the user containing the product', async () => {
      const found = await findPaidPurchases(app.database.db, { userId: buyer.user._id, productId: product.id, orderId: paidOrder, businessId: null });
      expect(found.map((p) => p.orderId)).toEqual([paidOrder]);
    });

    it('answers no for a pending order, another user, another product or a business filter that does not match', async () => {
      const db = app.database.db;
      expect(await findPaidPurchases(db, { userId: buyer.user._id, productId: product.id, orderId: pendingOrder })).toEqual([]);
      expect(await findPaidPurchases(db, { userId: other.user._id, productId: product.id, orderId: paidOrder })).toEqual([]);
      expect(await findPaidPurchases(db, { userId: buyer.user._id, productId: products[5].id, orderId: paidOrder })).toEqual([]);
      expect(await findPaidPurchases(db, { userId: buyer.user._id, productId: product.id, orderId: paidOrder, businessId: randomUUID() })).toEqual([]);
    });
  });

  describe('POST v1/review', () => {
    it('needs a token', async () => {
      const response = await post(undefined, { product: product.id, order: paidOrder, rating: 5, comment: 'Great' });
      expect(response.statusCode).toBe(401);
    });

    it('refuses invalid input with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ rating: 0 }, 'rating'],
        [{ rating: 6 }, 'rating'],
        [{ rating: 4.5 }, 'rating'],
        [{ rating: '5' }, 'rating'],
        [{ comment: '  ab  ' }, 'comment'],
        [{ comment: 'x'.repeat(2001) }, 'comment'],
        [{ comment: '<script>alert(1)</script>' }, 'comment'],
        [{ comment: undefined }, 'comment'],
        [{ product: 'not-an-id' }, 'product'],
        [{ order: 42 }, 'order'],
      ];
      for (const [change, field] of cases) {
        const response = await post(buyer.token, { product: product.id, order: paidOrder, rating: 4, comment: 'Fine project', ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        const body = json(response);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(body.fields ?? {}), JSON.stringify(change)).toContain(field);
      }
    });

    it('refuses a pending order, someone else’s order and a product not in the order', async () => {
      const pending = await post(buyer.token, { product: product.id, order: pendingOrder, rating: 5, comment: 'Lovely' });
      expect(pending.statusCode).toBe(403);
      expect(json(pending).code).toBe('REVIEW_NOT_ALLOWED');
      const notMine = await post(other.token, { product: product.id, order: paidOrder, rating: 1, comment: 'Not bought' });
      expect(notMine.statusCode).toBe(403);
      const notInOrder = await post(buyer.token, { product: products[5].id, order: paidOrder, rating: 5, comment: 'Not in it' });
      expect(notInOrder.statusCode).toBe(403);
      const unknown = await post(buyer.token, { product: randomUUID(), order: randomUUID(), rating: 5, comment: 'Nothing' });
      expect(unknown.statusCode).toBe(403);
    });

    it('saves a review of a paid purchase, trims the comment, shows "First L." and never the email', async () => {
      const response = await post(buyer.token, { product: product.id, order: paidOrder, rating: 4, comment: '  Clean cookstoves, well documented.  ' });
      expect(response.statusCode, response.body).toBe(201);
      const { data } = json(response);
      expect(data).toMatchObject({ product: product.id, order: paidOrder, rating: 4, comment: 'Clean cookstoves, well documented.', reviewer: { name: 'Ada G.' }, BusinessId: null });
      expect(response.body).not.toContain(buyer.user.email);
    });

    it('refreshes averageRating and reviewCount in the product list and productBySlug at once', async () => {
      const { listed, bySlug } = await catalogProduct(product.id);
      expect(listed).toMatchObject({ averageRating: 4, reviewCount: 1 });
      expect(bySlug).toMatchObject({ averageRating: 4, reviewCount: 1 });
    });

    it('answers a second review of the same product in the same order with 409', async () => {
      const again = await post(buyer.token, { product: product.id, order: paidOrder, rating: 2, comment: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(json(again).code).toBe('REVIEW_ALREADY_EXISTS');
    });

    it('lets exactly one of two simultaneous reviews of the same product and order through', async () => {
      const [a, b] = await Promise.all([
        post(buyer.token, { product: products[1].id, order: paidOrder, rating: 5, comment: 'First of two' }),
        post(buyer.token, { product: products[1].id, order: paidOrder, rating: 3, comment: 'Second of two' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const list = json(await get(`/api/v1/review/${products[1].id}/product`));
      expect(list.meta.total).toBe(1);
    });
  });

  describe('GET v1/review/{productId}/{orderId}', () => {
    it('returns the user’s own review for prefilling, 404 for anyone else and without one, 401 without a token', async () => {
      const own = await get(`/api/v1/review/${product.id}/${paidOrder}`, buyer.token);
      expect(own.statusCode).toBe(200);
      expect(json(own).data).toMatchObject({ rating: 4, comment: 'Clean cookstoves, well documented.' });
      expect((await get(`/api/v1/review/${product.id}/${paidOrder}`, other.token)).statusCode).toBe(404);
      expect((await get(`/api/v1/review/${products[5].id}/${paidOrder}`, buyer.token)).statusCode).toBe(404);
      expect((await get(`/api/v1/review/${product.id}/${paidOrder}`)).statusCode).toBe(401);
      const bad = await get(`/api/v1/review/${product.id}/nope`, buyer.token);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).fields)).toContain('orderId');
    });
  });

  describe('PATCH v1/review/{id}', () => {
    let reviewId: string;
    beforeAll(async () => {
      reviewId = json(await get(`/api/v1/review/${product.id}/${paidOrder}`, buyer.token)).data._id;
    });

    it('lets the author edit, and the product’s average follows', async () => {
      const response = await patch(buyer.token, reviewId, { rating: 2, comment: 'Delivery was late.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response).data).toMatchObject({ _id: reviewId, rating: 2, comment: 'Delivery was late.' });
      const { listed, bySlug } = await catalogProduct(product.id);
      expect(listed).toMatchObject({ averageRating: 2, reviewCount: 1 });
      expect(bySlug).toMatchObject({ averageRating: 2, reviewCount: 1 });
    });

    it('answers 404 for someone else’s review or an unknown id, 401 without a token, 400 for bad input', async () => {
      const foreign = await patch(other.token, reviewId, { rating: 5, comment: 'Hijacked' });
      expect(foreign.statusCode).toBe(404);
      expect((await patch(buyer.token, randomUUID(), { rating: 5, comment: 'Missing' })).statusCode).toBe(404);
      expect((await patch(undefined, reviewId, { rating: 5, comment: 'No token' })).statusCode).toBe(401);
      const bad = await patch(buyer.token, reviewId, { rating: 9, comment: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).fields).sort()).toEqual(['comment', 'rating']);
      // Nothing changed by the refused edits.
      expect(json(await get(`/api/v1/review/${product.id}/${paidOrder}`, buyer.token)).data).toMatchObject({ rating: 2, comment: 'Delivery was late.' });
    });
  });

  describe('GET v1/review/{id}/product', () => {
    it('is public, newest first, paginated, with the average and count', async () => {
      const second = await insertOrder(app, { userId: other.user._id, productIds: [product.id] });
      expect((await post(other.token, { product: product.id, order: second, rating: 5, comment: 'Works as promised' })).statusCode).toBe(201);

      const first = json(await get(`/api/v1/review/${product.id}/product?size=1`));
      expect(first.meta).toEqual({ page: 1, size: 1, total: 2 });
      expect(first.summary).toEqual({ averageRating: 3.5, reviewCount: 2 });
      expect(first.data).toHaveLength(1);
      expect(first.data[0]).toMatchObject({ rating: 5, reviewer: { name: 'Bo L.' } });
      const page2 = json(await get(`/api/v1/review/${product.id}/product?page=2&size=1`));
      expect(page2.data[0]).toMatchObject({ rating: 2, reviewer: { name: 'Ada G.' } });
      expect(JSON.stringify([first, page2])).not.toMatch(/@example\.com/);
    });

    it('answers a product without reviews with an empty page, an unknown product with 404, bad paging with 400', async () => {
      const empty = json(await get(`/api/v1/review/${products[7].id}/product`));
      expect(empty).toMatchObject({ success: true, data: [], meta: { page: 1, total: 0 }, summary: { averageRating: null, reviewCount: 0 } });
      expect((await get(`/api/v1/review/${randomUUID()}/product`)).statusCode).toBe(404);
      const bad = await get(`/api/v1/review/${product.id}/product?size=500`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad).fields)).toContain('size');
    });
  });

  describe('GET v1/review/eligibility/{productId}', () => {
    it('lists the user’s paid orders with the product and which are reviewed', async () => {
      const another = await insertOrder(app, { userId: buyer.user._id, productIds: [product.id] });
      const response = await get(`/api/v1/review/eligibility/${product.id}`, buyer.token);
      expect(response.statusCode).toBe(200);
      const { data } = json(response);
      expect(data.product).toBe(product.id);
      const byOrder = Object.fromEntries(data.orders.map((o: { order: string; reviewId: string | null }) => [o.order, o.reviewId]));
      expect(Object.keys(byOrder).sort()).toEqual([paidOrder, another].sort());
      expect(byOrder[paidOrder]).toEqual(expect.any(String));
      expect(byOrder[another]).toBeNull();
    });

    it('answers an empty list to someone who has not bought it, and 401 without a token', async () => {
      const stranger = await registerVerified(app);
      expect(json(await get(`/api/v1/review/eligibility/${product.id}`, stranger.token)).data.orders).toEqual([]);
      expect((await get(`/api/v1/review/eligibility/${product.id}`)).statusCode).toBe(401);
    });
  });

  describe('business reviews', () => {
    const businessId = randomUUID();
    let businessOrder: string;
    let businessProduct: Product;
    beforeAll(async () => {
      businessProduct = products[2];
      businessOrder = await insertOrder(app, { userId: buyer.user._id, productIds: [businessProduct.id], businessId });
    });

    it('refuses without a matching business order: another BusinessId, a personal order, or the personal call on a business order', async () => {
      const wrongBusiness = await post(buyer.token, { product: businessProduct.id, order: businessOrder, rating: 5, comment: 'For the team', BusinessId: randomUUID() }, '/api/v1/business/review');
      expect(wrongBusiness.statusCode).toBe(403);
      expect(json(wrongBusiness).code).toBe('REVIEW_NOT_ALLOWED');
      const personalOrder = await insertOrder(app, { userId: buyer.user._id, productIds: [businessProduct.id] });
      const onPersonal = await post(buyer.token, { product: businessProduct.id, order: personalOrder, rating: 5, comment: 'For the team', BusinessId: businessId }, '/api/v1/business/review');
      expect(onPersonal.statusCode).toBe(403);
      const personalCall = await post(buyer.token, { product: businessProduct.id, order: businessOrder, rating: 5, comment: 'As me' });
      expect(personalCall.statusCode).toBe(403);
      const otherUser = await post(other.token, { product: businessProduct.id, order: businessOrder, rating: 5, comment: 'Not mine', BusinessId: businessId }, '/api/v1/business/review');
      expect(otherUser.statusCode).toBe(403);
    });

    it('needs a token and a BusinessId', async () => {
      expect((await post(undefined, { product: businessProduct.id, order: businessOrder, rating: 5, comment: 'x', BusinessId: businessId }, '/api/v1/business/review')).statusCode).toBe(401);
      const missing = await post(buyer.token, { product: businessProduct.id, order: businessOrder, rating: 5, comment: 'For the team' }, '/api/v1/business/review');
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(json(missing).fields)).toContain('BusinessId');
    });

    it('saves a review of a paid order of that business, readable back with its BusinessId only', async () => {
      const response = await post(buyer.token, { product: businessProduct.id, order: businessOrder, rating: 3, comment: 'Good for our office', BusinessId: businessId }, '/api/v1/business/review');
      expect(response.statusCode, response.body).toBe(201);
      expect(json(response).data).toMatchObject({ BusinessId: businessId, rating: 3 });

      const own = await get(`/api/v1/business/review/${businessProduct.id}/${businessOrder}?BusinessId=${businessId}`, buyer.token);
      expect(own.statusCode).toBe(200);
      expect(json(own).data).toMatchObject({ BusinessId: businessId, comment: 'Good for our office' });
      expect((await get(`/api/v1/business/review/${businessProduct.id}/${businessOrder}?BusinessId=${randomUUID()}`, buyer.token)).statusCode).toBe(404);
      expect((await get(`/api/v1/business/review/${businessProduct.id}/${businessOrder}?BusinessId=${businessId}`, other.token)).statusCode).toBe(404);
      // The personal read does not answer with a business review.
      expect((await get(`/api/v1/review/${businessProduct.id}/${businessOrder}`, buyer.token)).statusCode).toBe(404);
      expect((await get(`/api/v1/business/review/${businessProduct.id}/${businessOrder}`, buyer.token)).statusCode).toBe(400);
      expect((await get(`/api/v1/business/review/${businessProduct.id}/${businessOrder}?BusinessId=${businessId}`)).statusCode).toBe(401);

      const { listed } = await catalogProduct(businessProduct.id);
      expect(listed).toMatchObject({ averageRating: 3, reviewCount: 1 });
      const again = await post(buyer.token, { product: businessProduct.id, order: businessOrder, rating: 3, comment: 'Again', BusinessId: businessId }, '/api/v1/business/review');
      expect(again.statusCode).toBe(409);
    });
  });

  it('documents the review calls in the OpenAPI description', async () => {
    const spec = json(await get('/api/docs/json'));
    const paths = Object.keys(spec.paths);
    for (const path of [
      '/api/v1/review/{productId}/{orderId}',
      '/api/v1/business/review/{productId}/{orderId}',
      '/api/v1/review/{id}',
      '/api/v1/review/{id}/product',
      '/api/v1/review',
      '/api/v1/business/review',
      '/api/v1/review/eligibility/{productId}',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(spec.paths['/api/v1/review/{id}/product'].get.summary).toMatch(/reviews of product \{id\}/);
  });
});
