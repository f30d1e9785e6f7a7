import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { fields, send, sendForm } from './shop-pages-helpers.ts';
import { PNG_BYTES } from './upload-helpers.ts';

/** Spec §7 Product pages: a business's shop page, read by anyone by its address name; the products businesses offer. */
const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const SETTINGS = '/api/v1/business-product-page-settings';
const MISSING = '0190a1b2-c3d4-7e5f-8a9b-0000000000ff';

let app: FastifyInstance;
let dataDir: string;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let member: Person;
let stranger: Person;
let otherOwner: Person;
let business: { id: string; businessCode: string; businessSlug: string; name: string; joinCodes: { employee: string } };
let productIds: string[];
let pageId: string;

/** Images in the upload store (the directory on PGlite, the database on PostgreSQL: decision 0060). */
const stored = async () => (await app.uploads.store.list()).map((file) => file.name);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-shop-pages-'));
  app = await createTestApp({ config: { dataDir } });
  [owner, member, stranger, otherOwner] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  business = await createBusiness(app, owner.token, { name: 'Greenleaf Shop' });
  expect((await send(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee })).status).toBe(201);
  const listed = await send(app, null, 'GET', '/api/v1/products');
  productIds = listed.body.data.map((product: { id: string }) => product.id);
  expect(productIds.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('creating a shop page', () => {
  it('answers the settings of a business without a page as null to its owner and members, 403 to strangers', async () => {
    for (const person of [owner, member]) {
      const none = await send(app, person.token, 'GET', `${SETTINGS}/${business.id}`);
      expect(none.status).toBe(200);
      expect(none.body.data).toBeNull();
    }
    expect((await send(app, stranger.token, 'GET', `${SETTINGS}/${business.id}`)).status).toBe(403);
  });

  it('refuses visitors (401), strangers and members (403), and unknown businesses (404), storing nothing', async () => {
    const form = () => [...fields({ businessId: business.id, title: 'Hijacked' }), { name: 'logo', filename: 'l.png', content: PNG_BYTES }];
    expect((await sendForm(app, null, 'POST', SETTINGS, form())).status).toBe(401);
    for (const person of [stranger, member]) {
      const refused = await sendForm(app, person.token, 'POST', SETTINGS, form());
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect((await sendForm(app, owner.token, 'POST', SETTINGS, fields({ businessId: MISSING, title: 'Nobody' }))).status).toBe(404);
    expect(readdirSync(dataDir)).not.toContain('uploads');
  });

  it('refuses bad fields with 400 and the field named', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ title: 'No business' }, 'businessId'],
      [{ businessId: 'not-an-id', title: 'x' }, 'businessId'],
      [{ businessId: business.id }, 'title'],
      [{ businessId: business.id, title: '   ' }, 'title'],
      [{ businessId: business.id, title: '<script>alert(1)</script>' }, 'title'],
      [{ businessId: business.id, title: 'x'.repeat(121) }, 'title'],
      [{ businessId: business.id, title: 'Shop', brandColor: 'blue' }, 'brandColor'],
      [{ businessId: business.id, title: 'Shop', brandColor: '#12345' }, 'brandColor'],
      [{ businessId: business.id, title: 'Shop', brandColor: '#gggggg' }, 'brandColor'],
      [{ businessId: business.id, title: 'Shop', productIds: 'nope' }, 'productIds.0'],
      [{ businessId: business.id, title: 'Shop', productIds: MISSING }, 'productIds'],
      [{ businessId: business.id, title: 'Shop', productIds: `${productIds[0]},${productIds[0]}` }, 'productIds'],
      [{ businessId: business.id, title: 'Shop', productIds: Array.from({ length: 49 }, () => MISSING).join(',') }, 'productIds'],
      [{ businessId: business.id, title: 'Shop', isAdmin: 'true' }, 'body'],
      [{ businessId: business.id, title: 'Shop', tagline: 'y'.repeat(201) }, 'tagline'],
    ];
    for (const [values, field] of bad) {
      const refused = await sendForm(app, owner.token, 'POST', SETTINGS, fields(values));
      expect(refused.status, `${JSON.stringify(values).slice(0, 80)}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(refused.body.fields ?? {}).join(','), JSON.stringify(refused.body)).toContain(field === 'body' ? '' : field);
    }
  });

  it('refuses bad images: wrong bytes or SVG (415), unknown or repeated file fields (400), too large (413), cut off (400)', async () => {
    const base = fields({ businessId: business.id, title: 'Shop' });
    const svg = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'logo', filename: 'l.svg', type: 'image/svg+xml', content: SVG }]);
    expect(svg.status).toBe(415);
    expect(svg.body.fields).toHaveProperty('logo');
    const gif = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'banner', filename: 'b.png', type: 'image/png', content: 'GIF89a pretending' }]);
    expect(gif.status).toBe(415);
    expect(gif.body.fields).toHaveProperty('banner');
    const unknown = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'avatar', filename: 'a.png', content: PNG_BYTES }]);
    expect(unknown.status).toBe(400);
    const twice = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'logo', filename: 'a.png', content: PNG_BYTES }, { name: 'logo', filename: 'b.png', content: PNG_BYTES }]);
    expect(twice.status).toBe(400);
    const big = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'logo', filename: 'big.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]) }]);
    expect(big.status, JSON.stringify(big.body)).toBe(413);
    const cut = await sendForm(app, owner.token, 'POST', SETTINGS, [...base, { name: 'logo', filename: 'l.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(5000, 7)]) }], 3000);
    expect(cut.status, JSON.stringify(cut.body)).toBe(400);
    expect(cut.body.code).toBe('VALIDATION_FAILED');
    const cutInFields = await sendForm(app, owner.token, 'POST', SETTINGS, fields({ businessId: business.id, title: 'Shop', description: 'd'.repeat(500) }), 300);
    expect(cutInFields.status, JSON.stringify(cutInFields.body)).toBe(400);
    const plain = await app.inject({ method: 'POST', url: SETTINGS, headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain' }, payload: 'title=x' });
    expect(plain.statusCode).toBe(415);
    expect(readdirSync(dataDir)).not.toContain('uploads');
  });

  it('lets the owner create the page with branding, images and two products', async () => {
    const created = await sendForm(app, owner.token, 'POST', SETTINGS, [
      ...fields({ businessId: business.id, title: 'Greenleaf offsets', tagline: 'Climate action, verified', description: 'We fund forests.\nAnd wind.', brandColor: '#0A7' }),
      { name: 'productIds', content: productIds[1]! },
      { name: 'productIds', content: productIds[0]!.toUpperCase() },
      { name: 'logo', filename: 'logo.png', type: 'image/png', content: PNG_BYTES },
      { name: 'banner', filename: 'banner.jpg', type: 'image/jpeg', content: JPEG_BYTES },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = created.body.data;
    pageId = page.id;
    expect(page).toMatchObject({ businessId: business.id, slug: business.businessSlug, title: 'Greenleaf offsets', tagline: 'Climate action, verified', brandColor: '#00aa77', productIds: [productIds[1], productIds[0]] });
    expect(page.logoUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(page.bannerUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect((await stored())).toHaveLength(2);
    const logo = await app.inject({ method: 'GET', url: page.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    // The business's public profile now says it has a shop page with two products.
    const profile = await app.inject({ method: 'GET', url: `/api/v1/business-profiles/slug/${business.businessSlug}` });
    expect(JSON.parse(profile.body).data.published).toEqual({ shopProducts: 2, sustainabilityProfile: false });
  });

  it('allows one page per business (409)', async () => {
    const again = await sendForm(app, owner.token, 'POST', SETTINGS, fields({ businessId: business.id, title: 'Second' }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });
});

describe('reading a shop page', () => {
  it('shows the page to anyone by the business address name, with its products as catalog cards', async () => {
    const page = await send(app, null, 'GET', `${SETTINGS}/slug/${business.businessSlug}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ title: 'Greenleaf offsets', brandColor: '#00aa77', business: { name: 'Greenleaf Shop', businessCode: business.businessCode, businessSlug: business.businessSlug } });
    expect(page.body.data.products.map((p: { id: string }) => p.id)).toEqual([productIds[1], productIds[0]]);
    expect(page.body.data.products[0]).toHaveProperty('priceList');
    expect(page.body.data.products[0]).not.toHaveProperty('details');
    expect(JSON.stringify(page.body)).not.toContain('supplierCode');
  });

  it('answers 404 for an unknown address and 400 for a malformed one', async () => {
    expect((await send(app, null, 'GET', `${SETTINGS}/slug/no-such-shop`)).status).toBe(404);
    expect((await send(app, null, 'GET', `${SETTINGS}/slug/Not_A_Slug!`)).status).toBe(400);
  });

  it('shows the settings to the owner and members (by page id or business id), not to strangers or visitors', async () => {
    for (const id of [pageId, business.id]) {
      expect((await send(app, owner.token, 'GET', `${SETTINGS}/${id}`)).body.data.id).toBe(pageId);
      expect((await send(app, member.token, 'GET', `${SETTINGS}/${id}`)).status).toBe(200);
      expect((await send(app, stranger.token, 'GET', `${SETTINGS}/${id}`)).status).toBe(403);
      expect((await send(app, null, 'GET', `${SETTINGS}/${id}`)).status).toBe(401);
    }
    expect((await send(app, owner.token, 'GET', `${SETTINGS}/${MISSING}`)).status).toBe(404);
    expect((await send(app, owner.token, 'GET', `${SETTINGS}/not-an-id`)).status).toBe(400);
  });
});

describe('editing a shop page', () => {
  it('refuses strangers and members (403) and leaves the page as it was', async () => {
    for (const person of [stranger, member]) {
      expect((await send(app, person.token, 'PUT', `${SETTINGS}/${pageId}`, { title: 'Hijacked' })).status).toBe(403);
      expect((await sendForm(app, person.token, 'PUT', `${SETTINGS}/${pageId}`, fields({ title: 'Hijacked' }))).status).toBe(403);
      expect((await send(app, person.token, 'DELETE', `${SETTINGS}/${pageId}`)).status).toBe(403);
    }
    expect((await send(app, null, 'PUT', `${SETTINGS}/${pageId}`, { title: 'Hijacked' })).status).toBe(401);
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${MISSING}`, { title: 'x' })).status).toBe(404);
    const page = await send(app, null, 'GET', `${SETTINGS}/slug/${business.businessSlug}`);
    expect(page.body.data.title).toBe('Greenleaf offsets');
  });

  it('lets the owner change texts and products with JSON, keeping what is not sent', async () => {
    const saved = await send(app, owner.token, 'PUT', `${SETTINGS}/${business.id}`, { title: 'Greenleaf', productIds: [productIds[2], productIds[1], productIds[3]] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Greenleaf', tagline: 'Climate action, verified', brandColor: '#00aa77', productIds: [productIds[2], productIds[1], productIds[3]] });
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, { brandColor: 'red' })).status).toBe(400);
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, { productIds: [MISSING] })).status).toBe(400);
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, { title: 'x', ownerUserId: stranger.id })).status).toBe(400);
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, { title: 42 })).status).toBe(400);
  });

  it('lets the owner replace the logo and remove the banner with a form', async () => {
    const before = (await send(app, owner.token, 'GET', `${SETTINGS}/${pageId}`)).body.data;
    const saved = await sendForm(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, [...fields({ removeBanner: 'true', productIds: '' }), { name: 'logo', filename: 'new.jpg', content: JPEG_BYTES }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.logoUrl).toMatch(/\.jpg$/);
    expect(saved.body.data.logoUrl).not.toBe(before.logoUrl);
    expect(saved.body.data.bannerUrl).toBe('');
    expect(saved.body.data.productIds).toEqual([]);
    // The replaced logo and the removed banner are deleted from the store.
    expect((await app.inject({ method: 'GET', url: before.logoUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: before.bannerUrl })).statusCode).toBe(404);
    expect((await stored())).toEqual([saved.body.data.logoUrl.slice('/uploads/'.length)]);
    const bad = await sendForm(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, [{ name: 'banner', filename: 'x.png', content: SVG }]);
    expect(bad.status).toBe(415);
    const cut = await sendForm(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, [{ name: 'banner', filename: 'x.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(4000)]) }], 2000);
    expect(cut.status).toBe(400);
    // Back to two products for the lists below.
    expect((await send(app, owner.token, 'PUT', `${SETTINGS}/${pageId}`, { productIds: [productIds[0], productIds[1]] })).status).toBe(200);
  });

  it('moves the page with the business address name', async () => {
    const moved = await send(app, owner.token, 'PUT', `/api/v1/business-profiles/business-slug/${business.id}`, { businessSlug: 'greenleaf-moved' });
    expect(moved.status).toBe(200);
    expect((await send(app, null, 'GET', `${SETTINGS}/slug/${business.businessSlug}`)).status).toBe(404);
    const page = await send(app, null, 'GET', `${SETTINGS}/slug/greenleaf-moved`);
    expect(page.body.data.slug).toBe('greenleaf-moved');
    business.businessSlug = 'greenleaf-moved';
  });
});

describe('products offered by businesses', () => {
  let other: { id: string; businessCode: string; name: string };
  beforeAll(async () => {
    other = await createBusiness(app, otherOwner.token, { name: 'Aardvark Goods' });
    const made = await send(app, otherOwner.token, 'POST', SETTINGS, { businessId: other.id, title: 'Aardvark', productIds: [productIds[3]] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it('lists every business product, by business name then page order, paged (public)', async () => {
    const all = await send(app, null, 'GET', '/api/v1/business-products');
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, size: 20, total: 3 });
    expect(all.body.data.map((row: { business: { name: string }; product: { id: string } }) => [row.business.name, row.product.id])).toEqual([
      ['Aardvark Goods', productIds[3]],
      ['Greenleaf Shop', productIds[0]],
      ['Greenleaf Shop', productIds[1]],
    ]);
    const second = await send(app, null, 'GET', '/api/v1/business-products?page=2&size=2');
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta).toEqual({ page: 2, size: 2, total: 3 });
  });

  it('filters by business code (any letter case); unknown codes are 404, bad queries 400', async () => {
    const mine = await send(app, null, 'GET', `/api/v1/business-products?businessCode=${business.businessCode.toLowerCase()}`);
    expect(mine.body.data.map((row: { product: { id: string } }) => row.product.id)).toEqual([productIds[0], productIds[1]]);
    expect((await send(app, null, 'GET', '/api/v1/business-products?businessCode=NOPE-ZZZZ')).status).toBe(404);
    expect((await send(app, null, 'GET', '/api/v1/business-products?size=101')).status).toBe(400);
    expect((await send(app, null, 'GET', '/api/v1/business-products?page=0')).status).toBe(400);
    expect((await send(app, null, 'GET', '/api/v1/business-products?businessCode=%3Cx%3E')).status).toBe(400);
  });

  it('looks a business up by name and by code, with its page and products', async () => {
    const byName = await send(app, null, 'GET', `/api/v1/business-products/name/${encodeURIComponent('greenleaf SHOP')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.data).toHaveLength(1);
    expect(byName.body.data[0]).toMatchObject({ business: { businessCode: business.businessCode }, page: { title: 'Greenleaf', slug: 'greenleaf-moved' } });
    expect(byName.body.data[0].products.map((p: { id: string }) => p.id)).toEqual([productIds[0], productIds[1]]);
    const byCode = await send(app, null, 'GET', `/api/v1/business-products/code/${other.businessCode}`);
    expect(byCode.body.data.products.map((p: { id: string }) => p.id)).toEqual([productIds[3]]);
    expect((await send(app, null, 'GET', '/api/v1/business-products/name/Nobody%20Here')).status).toBe(404);
    expect((await send(app, null, 'GET', '/api/v1/business-products/code/NOPE-ZZZZ')).status).toBe(404);
    expect((await send(app, null, 'GET', '/api/v1/business-products/code/%3Cscript%3E')).status).toBe(400);
  });

  it('shows a business without a page with no products', async () => {
    const bare = await createBusiness(app, stranger.token, { name: 'Bare Ltd' });
    const byCode = await send(app, null, 'GET', `/api/v1/business-products/code/${bare.businessCode}`);
    expect(byCode.body.data).toMatchObject({ page: null, products: [] });
  });
});

describe('deleting a shop page', () => {
  it('lets the owner delete it: the page, its settings and its products are gone', async () => {
    const deleted = await send(app, owner.token, 'DELETE', `${SETTINGS}/${pageId}`);
    expect(deleted.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: deleted.body.data.logoUrl })).statusCode).toBe(404);
    expect((await stored())).toEqual([]);
    expect((await send(app, null, 'GET', `${SETTINGS}/slug/${business.businessSlug}`)).status).toBe(404);
    expect((await send(app, owner.token, 'GET', `${SETTINGS}/${pageId}`)).status).toBe(404);
    expect((await send(app, owner.token, 'DELETE', `${SETTINGS}/${pageId}`)).status).toBe(404);
    const listed = await send(app, null, 'GET', '/api/v1/business-products');
    expect(listed.body.meta.total).toBe(1);
    // A new page can be made after the old one is gone.
    expect((await send(app, owner.token, 'POST', SETTINGS, { businessId: business.id, title: 'Again' })).status).toBe(201);
  });
});
