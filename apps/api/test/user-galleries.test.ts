import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { USER_GALLERY_MAX_IMAGES } from '@app/contract/shop-pages';
import { userGalleryImages } from '../src/db/schema/index.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { send, sendForm } from './shop-pages-helpers.ts';
import { PNG_BYTES } from './upload-helpers.ts';

/** `POST /v1/user-galleries` (spec §7) with the reads and deletes that go with it. */
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 2)]);
const GALLERY = '/api/v1/user-galleries';

let app: FastifyInstance;
let dataDir: string;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let alice: Person;
let bob: Person;
let aliceImage: string;

/** Images in the upload store (the directory on PGlite, the database on PostgreSQL: decision 0060). */
const stored = async () => (await app.uploads.store.list()).length;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-galleries-'));
  app = await createTestApp({ seed: false, config: { dataDir } });
  [alice, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('user galleries', () => {
  it('refuses visitors on every call (401)', async () => {
    expect((await sendForm(app, null, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: PNG_BYTES }])).status).toBe(401);
    expect((await send(app, null, 'GET', GALLERY)).status).toBe(401);
    expect((await send(app, null, 'DELETE', `${GALLERY}/0190a1b2-c3d4-7e5f-8a9b-0000000000ff`)).status).toBe(401);
    expect((await stored())).toBe(0);
  });

  it('adds an image with a caption to the signed-in person’s gallery and serves it', async () => {
    const added = await sendForm(app, alice.token, 'POST', GALLERY, [
      { name: 'file', filename: '../../evil.png', type: 'image/png', content: PNG_BYTES },
      { name: 'caption', content: 'Our solar roof' },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ contentType: 'image/png', bytes: PNG_BYTES.length, caption: 'Our solar roof' });
    expect(added.body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    aliceImage = added.body.data.id;
    const served = await app.inject({ method: 'GET', url: added.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const second = await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'w', content: WEBP_BYTES }]);
    expect(second.body.data).toMatchObject({ contentType: 'image/webp', caption: '' });
  });

  it('lists only the caller’s own images, newest first, paged', async () => {
    const mine = await send(app, alice.token, 'GET', GALLERY);
    expect(mine.status).toBe(200);
    expect(mine.body.meta).toEqual({ page: 1, size: 50, total: 2 });
    expect(mine.body.data.map((image: { contentType: string }) => image.contentType)).toEqual(['image/webp', 'image/png']);
    const paged = await send(app, alice.token, 'GET', `${GALLERY}?page=2&size=1`);
    expect(paged.body.data.map((image: { id: string }) => image.id)).toEqual([aliceImage]);
    const bobs = await send(app, bob.token, 'GET', GALLERY);
    expect(bobs.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await send(app, alice.token, 'GET', `${GALLERY}?size=101`)).status).toBe(400);
    expect((await send(app, alice.token, 'GET', `${GALLERY}?page=-1`)).status).toBe(400);
  });

  it('refuses bad images (415), missing files, extra parts, bad captions and cut-off bodies (400), big files (413), storing nothing', async () => {
    const before = (await stored());
    const svg = await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'x.png', type: 'image/png', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>' }]);
    expect(svg.status).toBe(415);
    expect((await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'x.txt', content: 'hello' }])).status).toBe(415);
    expect((await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'caption', content: 'no file' }])).status).toBe(400);
    expect((await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: PNG_BYTES }, { name: 'file', filename: 'b.png', content: PNG_BYTES }])).status).toBe(400);
    expect((await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'image', filename: 'a.png', content: PNG_BYTES }])).status).toBe(400);
    const badCaption = await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: PNG_BYTES }, { name: 'caption', content: '<b>hi</b>' }]);
    expect(badCaption.status).toBe(400);
    expect(badCaption.body.fields).toHaveProperty('caption');
    const cut = await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(6000, 3)]) }], 4000);
    expect(cut.status, JSON.stringify(cut.body)).toBe(400);
    expect(cut.body.code).toBe('VALIDATION_FAILED');
    const big = await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'big.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]) }]);
    expect(big.status).toBe(413);
    const asJson = await send(app, alice.token, 'POST', GALLERY, { file: 'x' });
    expect(asJson.status).toBe(415);
    expect((await stored())).toBe(before);
  });

  it('deletes the caller’s own image; another person’s id is 404 and stays', async () => {
    const stolen = await send(app, bob.token, 'DELETE', `${GALLERY}/${aliceImage}`);
    expect(stolen.status).toBe(404);
    expect((await send(app, alice.token, 'GET', GALLERY)).body.meta.total).toBe(2);
    const deleted = await send(app, alice.token, 'DELETE', `${GALLERY}/${aliceImage}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(aliceImage);
    // The file goes with it.
    expect((await app.inject({ method: 'GET', url: deleted.body.data.url })).statusCode).toBe(404);
    // A browser revalidating its copy is told it is gone, not "not modified".
    const revalidated = await app.inject({ method: 'GET', url: deleted.body.data.url, headers: { 'if-none-match': `"${deleted.body.data.url.split('/').pop()}"` } });
    expect(revalidated.statusCode).toBe(404);
    expect((await send(app, alice.token, 'DELETE', `${GALLERY}/${aliceImage}`)).status).toBe(404);
    expect((await send(app, alice.token, 'DELETE', `${GALLERY}/not-an-id`)).status).toBe(400);
    expect((await send(app, alice.token, 'GET', GALLERY)).body.meta.total).toBe(1);
  });

  it(`keeps at most ${USER_GALLERY_MAX_IMAGES} images per person (409), keeping no file of a refused upload`, async () => {
    const before = (await stored());
    await app.database.db.insert(userGalleryImages).values(Array.from({ length: USER_GALLERY_MAX_IMAGES }, (_, i) => ({ userId: bob.id, url: `/uploads/${String(i).padStart(32, '0')}.png`, contentType: 'image/png', bytes: 1 })));
    const full = await sendForm(app, bob.token, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: PNG_BYTES }]);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/at most/);
    expect((await stored())).toBe(before);
    expect((await sendForm(app, alice.token, 'POST', GALLERY, [{ name: 'file', filename: 'a.png', content: PNG_BYTES }])).status).toBe(201);
  });
});
