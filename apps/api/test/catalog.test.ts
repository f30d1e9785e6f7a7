import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SUPPORTED_CURRENCIES, productSchema, type Product } from '@app/contract';
import { createTestApp, json } from './helper.ts';

describe('catalog', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the seeded products sorted by id, each priced in all seven currencies', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1' });
    expect(response.statusCode).toBe(200);
    const products: Product[] = json(response).data;
    expect(products.length).toBeGreaterThanOrEqual(40);
    const ids = products.map((p) => p.id);
    expect(ids).toEqual([...ids].sort());
    for (const product of products) {
      expect(productSchema.safeParse(product).success).toBe(true);
      expect(product._id).toBe(product.id);
      expect(product.priceList.map((p) => p.currency).sort()).toEqual([...SUPPORTED_CURRENCIES].sort());
      expect(product.image.length).toBeGreaterThan(0);
      expect(product.details).toBeDefined();
    }
    expect(products.filter((p) => p.actualStock <= 0).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.priceList.some((entry) => entry.oldPrice !== null)).length).toBeGreaterThanOrEqual(3);
  });

  it('gives exact major amounts from minor units (JPY has no decimals)', async () => {
    const products: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    for (const entry of products.flatMap((p) => p.priceList)) {
      const factor = entry.currency === 'JPY' ? 1 : 100;
      expect(Math.round(entry.price * factor)).toBe(entry.priceMinor);
    }
  });

  it('leaves out standards and SDGs unless showDetails=1', async () => {
    const products: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    expect(products.every((p) => p.details === undefined)).toBe(true);
  });

  it('derives actualStock from the sizes of products with variations', async () => {
    const products: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    const withVariations = products.filter((p) => p.variation.length > 0);
    expect(withVariations.length).toBeGreaterThan(0);
    for (const product of withVariations) {
      const sum = product.variation.flatMap((c) => c.sizes).reduce((total, size) => total + size.stock, 0);
      expect(product.actualStock).toBe(sum);
    }
  });

  it('finds a product by slug with its details', async () => {
    const [first]: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).data;
    const response = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${first.slug}` });
    expect(response.statusCode).toBe(200);
    const product: Product = json(response).data;
    expect(product.id).toBe(first.id);
    expect(product.details?.sdgs.every((entry) => entry.sdg.image.startsWith('/catalog/sdgs/'))).toBe(true);
  });

  it('answers an unknown slug with 404 and a malformed one with 400', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/productBySlug/no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Product was not found' });
    const malformed = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${encodeURIComponent('DROP TABLE; --')}` });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).fields.slug).toBeDefined();
  });

  it('rejects a bad query with 400 and the field named', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=maybe' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(json(response).fields.showDetails).toBeDefined();
  });
});
