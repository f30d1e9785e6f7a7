import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 2)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

describe('uploads', () => {
  let app: FastifyInstance;
  let token: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-uploads-'));
    app = await createTestApp({ seed: false, config: { dataDir } });
    token = (await registerVerified(app)).token;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (parts: Parameters<typeof multipartBody>[0], auth = true) => {
    const { payload, headers } = multipartBody(parts);
    return app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { ...headers, ...(auth ? bearer(token) : {}) } });
  };
  // Whatever the store (the directory on PGlite, the database on PostgreSQL: decision 0060).
  const stored = async () => (await app.uploads.store.list()).map((file) => file.name);

  it('stores a PNG under a random name and serves it with its type, nosniff, inline and a short cache', async () => {
    const response = await upload([{ name: 'file', filename: 'me.png', type: 'image/png', content: PNG_BYTES }]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = json(response);
    expect(data).toMatchObject({ contentType: 'image/png', bytes: PNG_BYTES.length });
    expect(data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await stored())).toContain(data.url.slice('/uploads/'.length));

    const served = await app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    // Five minutes, then asked again (decision 0066): was a year's immutable cache, so an image its
    // owner removed stayed on screens and in shared caches for a year.
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers.etag).toBe(`"${data.url.slice('/uploads/'.length)}"`);
    const again = await app.inject({ method: 'GET', url: data.url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    // A revalidation of a name never stored (or removed) is a 404, not a 304: existence is checked.
    const missing = `${'0'.repeat(32)}.png`;
    const ghost = await app.inject({ method: 'GET', url: `/uploads/${missing}`, headers: { 'if-none-match': `"${missing}"` } });
    expect(ghost.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/uploads/not-a-stored-name.png', headers: { 'if-none-match': '"not-a-stored-name.png"' } });
    expect(malformed.statusCode).toBe(404);
    const otherTag = await app.inject({ method: 'GET', url: data.url, headers: { 'if-none-match': '"something-else"' } });
    expect(otherTag.statusCode).toBe(200);
  });

  it('recognises JPEG and WebP by their bytes, whatever the declared type and name say', async () => {
    const jpeg = json(await upload([{ name: 'file', filename: 'photo.gif', type: 'text/plain', content: JPEG_BYTES }])).data;
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg' });
    expect(jpeg.url).toMatch(/\.jpg$/);
    const webp = json(await upload([{ name: 'file', filename: 'x', content: WEBP_BYTES }])).data;
    expect(webp).toMatchObject({ contentType: 'image/webp' });
    expect((await app.inject({ method: 'GET', url: webp.url })).headers['content-type']).toBe('image/webp');
  });

  it('refuses wrong magic bytes (415) and SVG with script, even when called image/png', async () => {
    const before = (await stored()).length;
    const fake = await upload([{ name: 'file', filename: 'me.png', type: 'image/png', content: Buffer.from('GIF89a not really a png') }]);
    expect(fake.statusCode).toBe(415);
    expect(json(fake).message).toMatch(/not a PNG, JPEG or WebP/);
    const svg = await upload([{ name: 'file', filename: 'logo.svg', type: 'image/svg+xml', content: SVG }]);
    expect(svg.statusCode).toBe(415);
    const disguised = await upload([{ name: 'file', filename: 'logo.png', type: 'image/png', content: SVG }]);
    expect(disguised.statusCode).toBe(415);
    expect((await stored()).length).toBe(before);
  });

  it('ignores path-traversal file names: the stored name is always random', async () => {
    const response = await upload([{ name: 'file', filename: '../../../etc/passwd.png', type: 'image/png', content: PNG_BYTES }]);
    expect(response.statusCode).toBe(201);
    expect(json(response).data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // Nothing was written outside the store.
    expect(readdirSync(dataDir).filter((entry) => entry !== 'uploads')).toEqual([]);
  });

  it('refuses files over 2 MB with a 413 and keeps nothing', async () => {
    const before = (await stored()).length;
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload([{ name: 'file', filename: 'big.png', type: 'image/png', content: big }]);
    expect(response.statusCode, response.body).toBe(413);
    expect(json(response).message).toMatch(/larger than 2 MB/);
    expect((await stored()).length).toBe(before);
  });

  it('refuses a missing file, extra parts, non-multipart bodies and visitors', async () => {
    const none = await upload([{ name: 'title', content: 'hello' }]);
    expect(none.statusCode, none.body).toBe(400);
    const two = await upload([
      { name: 'file', filename: 'a.png', content: PNG_BYTES },
      { name: 'file', filename: 'b.png', content: PNG_BYTES },
    ]);
    expect(two.statusCode, two.body).toBe(400);
    const asJson = await app.inject({ method: 'POST', url: '/api/v1/uploads', headers: bearer(token), payload: { file: 'x' } });
    expect(asJson.statusCode).toBe(415);
    expect((await upload([{ name: 'file', filename: 'me.png', content: PNG_BYTES }], false)).statusCode).toBe(401);
  });

  it('answers a cut-off or malformed multipart body with 400, never 500, and keeps nothing', async () => {
    const before = (await stored()).length;
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'me.png', type: 'image/png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(8000, 5)]) }]);
    for (const body of [payload.subarray(0, payload.length - 5000), payload.subarray(0, 60), Buffer.from('--nonsense\r\nnot multipart at all')]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body, headers: { ...headers, ...bearer(token) } });
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response).code).toBe('VALIDATION_FAILED');
    }
    expect((await stored()).length).toBe(before);
  });

  it('serves only stored names: traversal and unknown names are 404', async () => {
    for (const url of ['/uploads/..%2F..%2Fpackage.json', '/uploads/../package.json', '/uploads/%2e%2e%2fjwt-secret', `/uploads/${'a'.repeat(32)}.png`, '/uploads/x.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('rate-limits uploads per client (429)', async () => {
    let last = 0;
    for (let i = 0; i < 21 && last !== 429; i += 1) last = (await upload([{ name: 'file', filename: 'x.txt', content: 'not an image' }])).statusCode;
    expect(last).toBe(429);
  });
});
