import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer } from './auth-helpers.ts';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

/** The business-sustainability profile (spec §3): owner-only editing, public by address name without hidden fields. */
let app: FastifyInstance;
let dataDir: string;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let member: Person;
let stranger: Person;
let business: { id: string; businessCode: string; businessSlug: string; name: string; joinCodes: { employee: string; supplier: string } };

const ME = (code: string) => `/api/v1/business-sustainability-profiles/me/${encodeURIComponent(code)}`;
const PUBLIC = (slug: string) => `/api/v1/business-sustainability-profiles/slug/${encodeURIComponent(slug)}`;

const full = {
  title: 'Greenleaf on the way to net zero',
  description: 'Our footprint, team by team.',
  aboutUs: 'We measure first.\nThen we cut, then we offset.',
  country: 'gb',
  name: 'Greenleaf Ltd',
  phone: '+44 20 7946 0000',
  email: 'hello@greenleaf.example.com',
  twitter: 'https://x.com/greenleaf',
  linkedin: 'https://www.linkedin.com/company/greenleaf',
  instagram: 'https://www.instagram.com/greenleaf',
  facebook: 'https://facebook.com/greenleaf',
  showName: true,
  showPhone: false,
  showEmail: true,
  showTwitter: false,
  showLinkedin: true,
  showInstagram: false,
  showFacebook: false,
  themeSelected: 'teal',
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-business-profile-'));
  app = await createTestApp({ seed: false, config: { dataDir } });
  [owner, member, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  business = await createBusiness(app, owner.token, { name: 'Greenleaf Ltd' });
  await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('business-sustainability profile', () => {
  it('starts empty with the blue theme, unpublished, with no public page', async () => {
    const own = await call(app, owner.token, 'GET', ME(business.businessCode.toLowerCase()));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ themeSelected: 'blue', title: '', showName: false, published: false, updatedAt: null, slug: business.businessSlug, businessCode: business.businessCode, businessName: 'Greenleaf Ltd' });
    expect((await call(app, null, 'GET', PUBLIC(business.businessSlug))).status).toBe(404);
  });

  it('is the owner’s only: 401 visitor, 403 member and stranger, 404 unknown business', async () => {
    for (const [method, body] of [['GET', undefined], ['PUT', full]] as const) {
      expect((await call(app, null, method, ME(business.businessCode), body)).status).toBe(401);
      for (const person of [member, stranger]) {
        const refused = await call(app, person.token, method, ME(business.businessCode), body);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
      }
      expect((await call(app, owner.token, method, ME('NOPE-ABCDEF'), body)).status).toBe(404);
    }
    // Nothing was written by the refused calls.
    expect((await call(app, null, 'GET', PUBLIC(business.businessSlug))).status).toBe(404);
  });

  it('saves every field for the owner and shows the public only the flagged ones, in its theme', async () => {
    const saved = await call(app, owner.token, 'PUT', ME(business.businessCode), full);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ...full, country: 'GB', published: true, slug: business.businessSlug });
    expect((await call(app, owner.token, 'GET', ME(business.businessCode))).body.data).toMatchObject({ ...full, country: 'GB', published: true });
    expect((await call(app, null, 'GET', `/api/v1/business-profiles/slug/${business.businessSlug}`)).body.data.published.sustainabilityProfile).toBe(true);

    const shown = await call(app, null, 'GET', PUBLIC(business.businessSlug.toUpperCase()));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ slug: business.businessSlug, businessName: 'Greenleaf Ltd', title: full.title, aboutUs: full.aboutUs, country: 'GB', themeSelected: 'teal', name: full.name, email: full.email, linkedin: full.linkedin });
    for (const hidden of ['phone', 'twitter', 'instagram', 'facebook', 'showName', 'showPhone']) expect(shown.body.data).not.toHaveProperty(hidden);
    expect(JSON.stringify(shown.body)).not.toContain('7946');
    expect(JSON.stringify(shown.body)).not.toContain(business.joinCodes.supplier);
  });

  it('replaces the whole profile: missing fields become empty and hidden, theme back to blue', async () => {
    const saved = await call(app, owner.token, 'PUT', ME(business.businessCode), { title: 'Short' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Short', name: '', showName: false, themeSelected: 'blue' });
    const shown = (await call(app, null, 'GET', PUBLIC(business.businessSlug))).body.data;
    expect(shown).not.toHaveProperty('name');
    expect(shown.themeSelected).toBe('blue');
  });

  it('takes an uploaded image by its /uploads address', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'logo.png', type: 'image/png', content: PNG_BYTES }]);
    const uploaded = json(await app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { ...headers, ...bearer(owner.token) } })).data;
    const saved = await call(app, owner.token, 'PUT', ME(business.businessCode), { ...full, image: uploaded.url, imageURL: 'https://images.example.com/logo.png' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(app, null, 'GET', PUBLIC(business.businessSlug))).body.data).toMatchObject({ image: uploaded.url, imageURL: 'https://images.example.com/logo.png' });
  });

  it('refuses bad fields with 400 naming them, and keeps the saved profile', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ image: '/uploads/../../jwt-secret' }, 'image'],
      [{ image: `/uploads/${'b'.repeat(32)}.png` }, 'image'],
      [{ imageURL: 'javascript:alert(1)' }, 'imageURL'],
      [{ country: 'ZZ' }, 'country'],
      [{ country: 'GBR' }, 'country'],
      [{ twitter: 'https://evil.example.com/x.com' }, 'twitter'],
      [{ linkedin: 'http://linkedin.com/in/x' }, 'linkedin'],
      [{ phone: 'call me' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ themeSelected: 'neon' }, 'themeSelected'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ aboutUs: 'x'.repeat(5_001) }, 'aboutUs'],
      [{ showName: 'yes' }, 'showName'],
    ];
    for (const [patch, field] of bad) {
      const response = await call(app, owner.token, 'PUT', ME(business.businessCode), { ...full, ...patch });
      expect(response.status, `${field}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(Object.keys(response.body.fields ?? {}), JSON.stringify(response.body)).toContain(field);
    }
    expect((await call(app, owner.token, 'GET', ME(business.businessCode))).body.data.themeSelected).toBe('teal');
    expect((await call(app, null, 'GET', PUBLIC('a'.repeat(81)))).status).toBe(400);
    expect((await call(app, null, 'GET', PUBLIC('no-such-business'))).status).toBe(404);
  });

  it('follows the business to its new address name', async () => {
    const moved = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/business-slug/${business.id}`, { businessSlug: 'greenleaf-renamed' });
    expect(moved.status).toBe(200);
    expect((await call(app, null, 'GET', PUBLIC('greenleaf-renamed'))).status).toBe(200);
    expect((await call(app, null, 'GET', PUBLIC(business.businessSlug))).status).toBe(404);
    expect((await call(app, owner.token, 'GET', ME(business.businessCode))).body.data.slug).toBe('greenleaf-renamed');
  });
});
