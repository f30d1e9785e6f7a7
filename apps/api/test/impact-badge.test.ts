import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { impactSchema, type Impact } from '@app/contract/impact';
import { businessSustainabilityProfiles, certificates, sustainabilityProfiles } from '../src/db/schema/index.ts';
import { certificatesChanged } from '../src/modules/impact/impact.events.ts';
import { registerVerified } from './auth-helpers.ts';
import { insertBusiness } from './business-fixtures.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp, json } from './helper.ts';

/** Issue 27.3: the verified impact badge and the public impact it is computed from. */
describe('verified impact badge', () => {
  let app: FastifyInstance;
  let owner: { user: { _id: string } };
  let slug: string;
  let offsets: Product[];
  let firstOrder: string;

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const impactOf = async (kind: string, s: string): Promise<Impact> => {
    const response = await get(`/api/v1/impact/${kind}/${s}`);
    expect(response.statusCode, response.body).toBe(200);
    return impactSchema.strict().parse(json(response).data);
  };
  /** A NOTIFY reaches the read model right after its transaction commits: poll briefly. */
  const tonnesSoon = (kind: string, s: string, expected: number) => expect.poll(async () => (await impactOf(kind, s)).tonnesRetired, { timeout: 3000, interval: 20 }).toBe(expected);

  beforeAll(async () => {
    app = await createTestApp();
    owner = await registerVerified(app, { firstName: 'Ada', lastName: 'Greenwood' });
    slug = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: { authorization: `Bearer ${(owner as { token?: string }).token}` } })).data.slug;
    offsets = app.catalog.snapshot().products.filter((product) => product.kind === 'offset');
    firstOrder = await insertOrderWithLines(app, { userId: owner.user._id, lines: [{ productId: offsets[0].id, quantity: 2 }] });
    await issue(app, firstOrder);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 404 for someone without a public page, and for unknown slugs; 400 for a malformed one', async () => {
    // Ada has certificates but has not published a sustainability page.
    expect((await get(`/api/v1/impact/users/${slug}/badge.svg`)).statusCode).toBe(404);
    expect((await get(`/api/v1/impact/users/${slug}`)).statusCode).toBe(404);
    expect((await get('/api/v1/impact/users/nobody-here/badge.svg')).statusCode).toBe(404);
    expect((await get(`/api/v1/impact/businesses/${slug}/badge.svg`)).statusCode).toBe(404);
    const bad = await get('/api/v1/impact/users/%3Cscript%3E/badge.svg');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('slug');
    expect((await get(`/api/v1/impact/people/${slug}`)).statusCode).toBe(400);
  });

  it('shows the tonnes of valid certificates once the page is public, escaping the name, with cache headers', async () => {
    await app.database.db.insert(sustainabilityProfiles).values({ userId: owner.user._id, title: 'Ada <script>alert("x")</script> & co', name: 'Hidden Name', showName: false });
    const response = await get(`/api/v1/impact/users/${slug}/badge.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toContain('2 t CO₂e retired');
    expect(response.body).toContain('Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('Hidden Name');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/api/v1/impact/users/${slug}/badge.svg`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Built once, the badge is answered before validation, compressed ahead for browsers: the same
    // SVG in brotli and gzip, each with its own ETag, any of which revalidates; the limit still counts.
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await get(`/api/v1/impact/users/${slug}/badge.svg`, { 'accept-encoding': `${encoding}` });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(compressed.headers['x-ratelimit-remaining']).toBeDefined();
      expect(decode(compressed.rawPayload).toString()).toBe(response.body);
      expect(compressed.headers.etag).not.toBe(etag);
      expect((await get(`/api/v1/impact/users/${slug}/badge.svg`, { 'if-none-match': `W/${compressed.headers.etag}` })).statusCode).toBe(304);
    }

    const impact = await impactOf('users', slug);
    expect(impact).toMatchObject({ kind: 'users', slug, tonnesRetired: 2, certificateCount: 1, badgePath: `/api/v1/impact/users/${slug}/badge.svg`, pagePath: `/sustainability/${slug}#impact` });
    const [certificate] = await certificatesOfOrder(app, firstOrder);
    expect(impact.certificates).toEqual([expect.objectContaining({ serial: certificate.serial, tonnes: 2, verifyPath: `/certificates/${certificate.serial}` })]);
    expect(impact.monthly).toEqual([{ month: certificate.issuedAt.toISOString().slice(0, 7), tonnes: 2 }]);
  });

  it('changes when a certificate is issued and when one is voided; a rolled-back void changes nothing', async () => {
    const before = String((await get(`/api/v1/impact/users/${slug}/badge.svg`)).headers.etag);
    const second = await insertOrderWithLines(app, { userId: owner.user._id, lines: [{ productId: offsets[1].id, quantity: 5 }] });
    await issue(app, second);
    await tonnesSoon('users', slug, 7);
    const badge = await get(`/api/v1/impact/users/${slug}/badge.svg`, { 'if-none-match': before });
    expect(badge.statusCode).toBe(200);
    expect(badge.body).toContain('7 t CO₂e retired');

    // A refund voids a certificate (status void) in its transaction and calls certificatesChanged.
    await expect(
      app.database.db.transaction(async (tx) => {
        await tx.update(certificates).set({ status: 'void' }).where(eq(certificates.orderId, second));
        await certificatesChanged(tx, [second]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await impactOf('users', slug)).tonnesRetired).toBe(7);

    await app.database.db.transaction(async (tx) => {
      await tx.update(certificates).set({ status: 'void' }).where(eq(certificates.orderId, second));
      await certificatesChanged(tx, [second]);
    });
    await tonnesSoon('users', slug, 2);
    const impact = await impactOf('users', slug);
    expect(impact.certificateCount).toBe(1);
    expect(impact.certificates.map((row) => row.tonnes)).toEqual([2]);
    expect((await get(`/api/v1/impact/users/${slug}/badge.svg`)).body).toContain('2 t CO₂e retired');
  });

  it('a business page counts the business’s certificates, not its buyer’s personal ones; 20 concurrent first reads agree', async () => {
    const business = await insertBusiness(app, owner.user._id, 'Greenleaf & <Sons>');
    const order = await insertOrderWithLines(app, { userId: owner.user._id, businessId: business.id, lines: [{ productId: offsets[0].id, quantity: 3 }] });
    await issue(app, order);
    expect((await get(`/api/v1/impact/businesses/${business.businessSlug}/badge.svg`)).statusCode).toBe(404);
    await app.database.db.insert(businessSustainabilityProfiles).values({ businessId: business.id, title: 'Greenleaf' });
    const reads = await Promise.all(Array.from({ length: 20 }, () => get(`/api/v1/impact/businesses/${business.businessSlug}/badge.svg`)));
    expect(new Set(reads.map((read) => `${read.statusCode} ${read.headers.etag}`)).size).toBe(1);
    expect(reads[0].body).toContain('3 t CO₂e retired');
    expect(reads[0].body).toContain('Greenleaf &amp; &lt;Sons&gt;');
    expect((await impactOf('users', slug)).tonnesRetired).toBe(2);

    // Voided outside a refund's transaction: certificatesChanged works with the plain database too.
    await app.database.db.execute(sql`update certificates set status = 'void' where order_id = ${order}`);
    await certificatesChanged(app.database.db, [order]);
    await tonnesSoon('businesses', business.businessSlug, 0);
  });
});
