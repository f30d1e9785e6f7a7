import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

/** The personal sustainability profile: owner-only editing, public view without hidden fields. */
describe('sustainability profile', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: { token: string };
  let slug: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-profile-'));
    app = await createTestApp({ seed: false, config: { dataDir } });
    owner = await registerVerified(app);
    slug = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: bearer(owner.token) })).data.slug;
    expect(slug).toMatch(/^ada-green-/);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const full = {
    title: 'Ada Green, cycling to zero',
    description: 'Our household footprint, month by month.',
    aboutUs: 'We measure first.\nThen we cut, then we offset.',
    country: 'gb',
    name: 'Ada Green',
    phone: '+44 20 7946 0000',
    email: 'ada.public@example.com',
    twitter: 'https://x.com/adagreen',
    linkedin: 'https://www.linkedin.com/in/adagreen',
    instagram: 'https://www.instagram.com/adagreen',
    facebook: 'https://facebook.com/adagreen',
    showName: true,
    showPhone: false,
    showEmail: false,
    showTwitter: true,
    showLinkedin: false,
    showInstagram: true,
    showFacebook: false,
    themeSelected: 'green',
  };
  const put = (payload: unknown, token: string | null = owner.token) =>
    app.inject({ method: 'PUT', url: '/api/v1/sustainability-profile', headers: token ? bearer(token) : {}, payload: payload as object });
  const publicView = (s: string) => app.inject({ method: 'GET', url: `/api/v1/sustainability-profiles/${encodeURIComponent(s)}` });

  it('starts empty with the blue theme and no public page', async () => {
    const own = await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: bearer(owner.token) });
    expect(own.statusCode).toBe(200);
    expect(json(own).data).toMatchObject({ themeSelected: 'blue', title: '', showName: false, published: false, slug, updatedAt: null });
    expect((await publicView(slug)).statusCode).toBe(404);
  });

  it('saves every field for its owner and reads them back', async () => {
    const response = await put(full);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json(response);
    expect(data).toMatchObject({ ...full, country: 'GB', published: true, slug, image: '', imageURL: '' });
    const again = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: bearer(owner.token) })).data;
    expect(again).toEqual(data);
  });

  it('shows it publicly at the user\'s slug without the fields whose show flag is off', async () => {
    const response = await publicView(slug);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data).toMatchObject({ slug, title: full.title, aboutUs: full.aboutUs, country: 'GB', themeSelected: 'green', name: 'Ada Green', twitter: full.twitter, instagram: full.instagram });
    for (const hidden of ['phone', 'email', 'linkedin', 'facebook']) expect(data).not.toHaveProperty(hidden);
    // Never sent at all: not in the raw bytes either.
    expect(response.body).not.toContain('7946');
    expect(response.body).not.toContain('ada.public@example.com');
    expect(response.body).not.toContain('show');

    await put({ ...full, showName: false, showPhone: true, showEmail: true });
    const flipped = json(await publicView(slug)).data;
    expect(flipped).not.toHaveProperty('name');
    expect(flipped).toMatchObject({ phone: full.phone, email: full.email });
  });

  it('takes an uploaded image by its /uploads address, and an https image URL', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'me.png', type: 'image/png', content: PNG_BYTES }]);
    const uploaded = json(await app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { ...headers, ...bearer(owner.token) } })).data;
    const saved = await put({ ...full, image: uploaded.url, imageURL: 'https://images.example.org/ada.jpg' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(await publicView(slug)).data).toMatchObject({ image: uploaded.url, imageURL: 'https://images.example.org/ada.jpg' });
  });

  it('refuses bad input with a 400 naming the field and keeps the saved profile', async () => {
    const before = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: bearer(owner.token) })).data;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ twitter: 'https://evil.example.com/x.com' }, 'twitter'],
      [{ twitter: 'http://x.com/adagreen' }, 'twitter'],
      [{ linkedin: 'https://linkedin.com.evil.org/in/ada' }, 'linkedin'],
      [{ instagram: 'javascript:alert(1)' }, 'instagram'],
      [{ facebook: 'https://user:pw@facebook.com/ada' }, 'facebook'],
      [{ themeSelected: 'neon' }, 'themeSelected'],
      [{ title: 'Hello\u0000world' }, 'title'],
      [{ title: '<script>alert(1)</script>' }, 'title'],
      [{ aboutUs: 'x'.repeat(5001) }, 'aboutUs'],
      [{ aboutUs: 'bell\u0007' }, 'aboutUs'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'Britain' }, 'country'],
      [{ image: '/uploads/../../jwt-secret' }, 'image'],
      [{ image: `/uploads/${'b'.repeat(32)}.png` }, 'image'],
      [{ imageURL: 'http://images.example.org/a.jpg' }, 'imageURL'],
      [{ imageURL: 'javascript:alert(1)' }, 'imageURL'],
      [{ showName: 'yes' }, 'showName'],
    ];
    for (const [change, field] of cases) {
      const response = await put({ ...full, ...change });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(json(response).fields, response.body).toHaveProperty([field]);
    }
    const after = json(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: bearer(owner.token) })).data;
    expect(after).toEqual(before);
  });

  it('is the owner\'s alone: visitors get 401, another user edits only their own', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile' })).statusCode).toBe(401);
    expect((await put(full, null)).statusCode).toBe(401);
    const other = await registerVerified(app);
    const response = await put({ ...full, title: 'Someone else' }, other.token);
    expect(response.statusCode).toBe(200);
    expect(json(response).data.slug).not.toBe(slug);
    expect(json(await publicView(slug)).data.title).toBe(full.title);
  });

  it('answers 404 for an unknown slug and a 4xx for an over-long one', async () => {
    expect(json(await publicView('nobody-here')).code).toBe('NOT_FOUND');
    expect((await publicView('nobody-here')).statusCode).toBe(404);
    // Longer than any slug: refused before the database is asked (414 from the router past 100 characters).
    for (const long of ['x'.repeat(99), 'x'.repeat(200)]) {
      const status = (await publicView(long)).statusCode;
      expect(status === 404 || status === 414, String(status)).toBe(true);
    }
  });
});
