import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompression } from '../src/plugins/compression.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

describe('response compression', () => {
  it('compresses responses from 1 KB on every route registered after it, at any depth; small, opted-out and already encoded answers pass', async () => {
    const app = Fastify();
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const huge = { items: Array.from({ length: 8000 }, (_, i) => ({ id: i, name: `item ${i}`, note: `${i * 7919} ${'x'.repeat(i % 31)}` })) };
    await registerCompression(app);
    await app.register(
      async (api) => {
        api.get('/big', async () => big);
        // Larger than brotli's 256 KB window (compression.ts): still one stream that decodes whole.
        api.get('/huge', async () => huge);
        api.get('/small', async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    app.get('/api/v1/module-route', async () => big);
    app.get('/ready', { compress: false }, async () => big);
    app.get('/encoded', async (_request, reply) => reply.header('content-encoding', 'br').type('text/html').send(Buffer.from('already compressed bytes')));
    await app.ready();

    for (const url of ['/api/big', '/api/v1/module-route']) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
      const none = await app.inject({ method: 'GET', url });
      expect(none.headers['content-encoding'], url).toBeUndefined();
      expect(none.json()).toEqual(big);
    }
    const hugeBr = await app.inject({ method: 'GET', url: '/api/huge', headers: { 'accept-encoding': 'br' } });
    expect(hugeBr.headers['content-encoding']).toBe('br');
    expect(JSON.stringify(huge).length).toBeGreaterThan(256 * 1024);
    expect(JSON.parse(brotliDecompressSync(hugeBr.rawPayload).toString())).toEqual(huge);
    expect((await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/ready', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    const encoded = await app.inject({ method: 'GET', url: '/encoded', headers: { 'accept-encoding': 'gzip, br' } });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.body).toBe('already compressed bytes');
    await app.close();
  });

  it('in the app, module routes outside the /api plugin (orders here) are compressed too', async () => {
    const app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
    try {
      const buyer = await quickBuyer(app);
      const { plain } = pickProducts(app);
      for (const product of plain.slice(0, 3)) {
        await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
        expect((await placeOrder(app, buyer.token)).status).toBe(200);
      }
      const url = '/api/v1/customer-orders';
      const plainAnswer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${buyer.token}` } });
      expect(plainAnswer.rawPayload.length).toBeGreaterThan(1024);
      const packed = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${buyer.token}`, 'accept-encoding': 'br' } });
      expect(packed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plainAnswer.body);
    } finally {
      await app.close();
    }
  });
});
