import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/** Issue 26 item 6: each colour of the seed's coloured goods has its own photo, in the catalog and in the cart line. */
let app: FastifyInstance;
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('colour photos', () => {
  it('every colour of a coloured good names its own photo, a file the shop serves', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/productBySlug/organic-cotton-crew-tee' });
    expect(response.statusCode).toBe(200);
    const product = response.json().data;
    const images = product.variation.map((color: { image: string | null }) => color.image);
    expect(images).toEqual(['/catalog/products/organic-cotton-crew-tee.svg', '/catalog/products/organic-cotton-crew-tee-2.svg', '/catalog/products/organic-cotton-crew-tee-3.svg']);
    const coloured = app.catalog.snapshot().products.filter((p) => p.variation.length > 0);
    expect(coloured.length).toBeGreaterThan(3);
    for (const good of coloured) for (const color of good.variation) expect(existsSync(path.join(publicDir, color.image!)), `${good.slug} ${color.name}`).toBe(true);
  });

  it("a cart line shows the chosen colour's photo", async () => {
    const buyer = await quickBuyer(app);
    const tee = app.catalog.snapshot().products.find((p) => p.slug === 'organic-cotton-crew-tee')!;
    const color = tee.variation[2]!;
    const size = color.sizes.find((s) => s.stock > 0)!;
    const added = await buyer.cart.patch({ products: [{ product: tee.id, quantity: 1, color: color._id, size: size._id }] });
    expect(added.status).toBe(200);
    expect(added.body.data.products[0].color).toEqual({ _id: color._id, name: color.name, image: '/catalog/products/organic-cotton-crew-tee-3.svg' });
  });
});
