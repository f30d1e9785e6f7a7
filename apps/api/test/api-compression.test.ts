import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompression, WRITE_ANSWER_THRESHOLD } from '../src/plugins/compression.ts';
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

  it('compresses answers to writes only from 8 KB (decision 0073); reads of the same size are compressed; a write route may set its own', async () => {
    const app = Fastify();
    // ~3 KB, like a cart answer; and one over the write threshold.
    const middling = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `item ${i}`, note: 'x'.repeat(i % 13) })) };
    const large = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `item ${i}`, note: 'x'.repeat(i % 13) })) };
    expect(JSON.stringify(middling).length).toBeGreaterThan(2048);
    expect(JSON.stringify(middling).length).toBeLessThan(WRITE_ANSWER_THRESHOLD);
    expect(JSON.stringify(large).length).toBeGreaterThan(WRITE_ANSWER_THRESHOLD);
    await registerCompression(app);
    app.get('/middling', async () => middling);
    app.post('/middling', async () => middling);
    app.patch('/middling', async () => middling);
    app.delete('/middling', async () => middling);
    app.post('/large', async () => large);
    app.post('/own', { compress: { threshold: 1024, encodings: ['br'] } }, async () => middling);
    await app.ready();
    const headers = { 'accept-encoding': 'gzip, deflate, br' };

    const read = await app.inject({ method: 'GET', url: '/middling', headers });
    expect(read.headers['content-encoding']).toBe('br');
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const write = await app.inject({ method, url: '/middling', headers });
      expect(write.headers['content-encoding'], method).toBeUndefined();
      expect(write.json(), method).toEqual(middling);
    }
    const largeWrite = await app.inject({ method: 'POST', url: '/large', headers });
    expect(largeWrite.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(largeWrite.rawPayload).toString())).toEqual(large);
    const own = await app.inject({ method: 'POST', url: '/own', headers });
    expect(own.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(own.rawPayload).toString())).toEqual(middling);
    await app.close();
  });

  it('in the app, a cart change answers uncompressed under 8 KB while the cart read of the same cart is compressed', async () => {
    const app = await createTestApp();
    try {
      const buyer = await quickBuyer(app);
      const { plain } = pickProducts(app);
      const auth = { authorization: `Bearer ${buyer.token}`, 'accept-encoding': 'gzip, deflate, br' };
      const change = await app.inject({ method: 'PATCH', url: '/api/v1/carts', headers: auth, payload: { products: plain.slice(0, 3).map((product) => ({ product: product.id, quantity: 1 })) } });
      expect(change.statusCode).toBe(200);
      expect(change.rawPayload.length).toBeGreaterThan(1024);
      expect(change.rawPayload.length).toBeLessThan(WRITE_ANSWER_THRESHOLD);
      expect(change.headers['content-encoding']).toBeUndefined();
      const read = await app.inject({ method: 'GET', url: '/api/v1/carts', headers: auth });
      expect(read.headers['content-encoding']).toBe('br');
      // The same cart either way (the change's answer also carries its toast text).
      expect(JSON.parse(brotliDecompressSync(read.rawPayload).toString()).data).toEqual(change.json().data);
    } finally {
      await app.close();
    }
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
