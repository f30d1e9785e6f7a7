import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { uploads } from '../src/db/schema/index.ts';
import { bearer } from './auth-helpers.ts';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

/**
 * Issue 23 item 7, kept as an attack the suite tries on every run: after an event, profile, shop
 * page or gallery image was replaced or removed the old `/uploads/…` file still answered 200,
 * uploads nothing referred to stayed for ever, and a client could add 40–120 MB a minute of
 * permanent disk use. Now replaced and removed images go once the change is committed, a sweep
 * removes unreferenced uploads older than a day, and each account has an allowance.
 */
let app: FastifyInstance;
let dataDir: string;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
const QUOTA_MB = 1;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-sec-uploads-'));
  app = await createTestApp({ seed: false, config: { dataDir }, env: { UPLOAD_QUOTA_MB: String(QUOTA_MB), RATE_LIMIT_MAX: '100000' } });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A distinct PNG each time (the bytes differ after the signature), `size` bytes long. */
function png(size = PNG_BYTES.length): Buffer {
  const bytes = Buffer.alloc(Math.max(size, PNG_BYTES.length), 7);
  PNG_BYTES.copy(bytes);
  bytes.writeUInt32BE(Math.floor(Math.random() * 2 ** 32), bytes.length - 4);
  return bytes;
}

async function upload(who: Person, content = png()) {
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'x.png', type: 'image/png', content }]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { ...headers, ...bearer(who.token) } });
  return { status: response.statusCode, body: json(response) };
}
const served = async (url: string) => (await app.inject({ url })).statusCode;

describe('uploaded images do not outlive their use (issue 23 item 7)', () => {
  it('a replaced profile image stops answering; one still used elsewhere stays', async () => {
    const ada = await quickBuyer(app);
    const first = (await upload(ada)).body.data.url as string;
    expect((await call(app, ada.token, 'PUT', '/api/v1/sustainability-profile', { title: 'Mine', image: first })).status).toBe(200);
    const business = await createBusiness(app, ada.token, { name: 'Shared Image Co' });
    expect((await call(app, ada.token, 'PUT', `/api/v1/business-sustainability-profiles/me/${business.businessCode}`, { title: 'Ours', image: first })).status).toBe(200);
    const second = (await upload(ada)).body.data.url as string;
    expect((await call(app, ada.token, 'PUT', '/api/v1/sustainability-profile', { title: 'Mine', image: second })).status).toBe(200);
    // Still the business profile's image: kept.
    expect(await served(first)).toBe(200);
    const third = (await upload(ada)).body.data.url as string;
    expect((await call(app, ada.token, 'PUT', `/api/v1/business-sustainability-profiles/me/${business.businessCode}`, { title: 'Ours', image: third })).status).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
  });

  it('a removed gallery image and a replaced event image stop answering', async () => {
    const bob = await quickBuyer(app);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'g.png', type: 'image/png', content: png() }]);
    const added = json(await app.inject({ method: 'POST', url: '/api/v1/user-galleries', payload, headers: { ...headers, ...bearer(bob.token) } }));
    expect(await served(added.data.url)).toBe(200);
    expect((await call(app, bob.token, 'DELETE', `/api/v1/user-galleries/${added.data.id}`)).status).toBe(200);
    expect(await served(added.data.url)).toBe(404);

    await createBusiness(app, bob.token, { name: 'Event Images Ltd' });
    const poster = (await upload(bob)).body.data.url as string;
    const event = await call(app, bob.token, 'POST', '/api/v1/business-events', { name: 'Image Summit', startDate: '2026-06-01', endDate: '2026-06-02' });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    expect((await call(app, bob.token, 'PUT', `/api/v1/business-events/${event.body.data._id}`, { imageUrl: poster })).status).toBe(200);
    const newer = (await upload(bob)).body.data.url as string;
    expect((await call(app, bob.token, 'PUT', `/api/v1/business-events/${event.body.data._id}`, { imageUrl: newer })).status).toBe(200);
    expect(await served(poster)).toBe(404);
    expect(await served(newer)).toBe(200);
  });

  it('records who uploaded each file; the sweep removes unreferenced uploads older than a day and keeps the rest', async () => {
    const cy = await quickBuyer(app);
    const orphan = (await upload(cy)).body.data.url as string;
    const used = (await upload(cy)).body.data.url as string;
    await call(app, cy.token, 'PUT', '/api/v1/sustainability-profile', { title: 'Used', image: used });
    const [row] = await app.database.db.select().from(uploads).where(eq(uploads.name, orphan.slice('/uploads/'.length)));
    expect(row).toMatchObject({ ownerUserId: cy.id, bytes: expect.any(Number) });

    // Younger than a day: kept.
    await app.uploads.sweep();
    expect(await served(orphan)).toBe(200);
    // A day later: the orphan goes, the used one stays.
    const swept = await app.uploads.sweep(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await served(orphan)).toBe(404);
    expect(await served(used)).toBe(200);
    expect(await app.database.db.select().from(uploads).where(eq(uploads.name, orphan.slice('/uploads/'.length)))).toHaveLength(0);
  });

  it('caps what one account stores with a clear 413 naming the limit; freeing space allows uploads again', async () => {
    const dee = await quickBuyer(app);
    const big = 400 * 1024;
    const kept: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await upload(dee, png(big));
      expect(answer.status).toBe(201);
      kept.push(answer.body.data.url);
    }
    const over = await upload(dee, png(big));
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(over.body.message).toContain(`${QUOTA_MB} MB`);
    // Someone else is not affected.
    expect((await upload(await quickBuyer(app), png(big))).status).toBe(201);
    // Uploads at once cannot pass the allowance together: with room for two, six at once store two.
    const racer = await quickBuyer(app);
    const racers = await Promise.all(Array.from({ length: 6 }, () => upload(racer, png(big))));
    expect(racers.map((answer) => answer.status).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    const [held] = await app.database.db.select({ bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)`.mapWith(Number) }).from(uploads).where(eq(uploads.ownerUserId, racer.id));
    expect(held!.bytes).toBeLessThanOrEqual(QUOTA_MB * 1024 * 1024);
    // The swept orphans free the allowance.
    await app.uploads.sweep(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect((await upload(dee, png(big))).status).toBe(201);
  });
});
