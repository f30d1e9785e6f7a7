import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerApiCompression } from '../src/plugins/compression.ts';

describe('API response compression', () => {
  it('compresses responses from 1 KB inside the plugin it is registered in, and nothing outside it', async () => {
    const app = Fastify();
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    await app.register(
      async (api) => {
        await registerApiCompression(api);
        api.get('/big', async () => big);
        api.get('/small', async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>'.repeat(2000)));
    await app.ready();

    const br = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const gz = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    const none = await app.inject({ method: 'GET', url: '/api/big' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(big);

    const small = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});
