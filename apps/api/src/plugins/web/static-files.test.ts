import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticFiles } from './static-files.ts';

const SCRIPT = 'export const answer = 42;\n'.repeat(40);

describe('static files served from memory', () => {
  let root: string;
  let app: FastifyInstance;
  let served: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'static-files-'));
    mkdirSync(path.join(root, 'assets'));
    mkdirSync(path.join(root, 'catalog', 'products'), { recursive: true });
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, 'assets', 'entry-Ab12.js'), SCRIPT);
    writeFileSync(path.join(root, 'assets', 'entry-Ab12.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(root, 'assets', 'entry-Ab12.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'catalog', 'products', 'stove.svg'), '<svg/>');
    writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
    app = Fastify();
    served = registerStaticFiles(app, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves every file once, and neither dot-directories nor the compressed twins by name', async () => {
    expect(served).toBe(3);
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/entry-Ab12.js.br' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/../favicon.svg' })).statusCode).not.toBe(500);
    expect((await app.inject({ url: '/catalog/products/stove.svg' })).body).toBe('<svg/>');
  });

  it('sends the encoding the client prefers among those the build wrote', async () => {
    const br = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/entry-Ab12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // No twin: the file itself, and no Vary, whatever the client accepts.
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('caches hashed assets for a year and asks for the rest to be revalidated', async () => {
    expect((await app.inject({ url: '/assets/entry-Ab12.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to an ETag the client holds, in any encoding, and 200 to another', async () => {
    const br = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'br' } });
    const plain = await app.inject({ url: '/assets/entry-Ab12.js' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const weak = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'if-none-match': `W/${plain.headers.etag}` } });
    expect(weak.statusCode).toBe(304);
    const stale = await app.inject({ url: '/assets/entry-Ab12.js', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });
});
