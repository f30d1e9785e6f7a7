import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { certificateSchema, publicCertificateSchema, type Certificate } from '@app/contract/orders';
import { bearer, registerVerified } from './auth-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp, json } from './helper.ts';

interface Account {
  email: string;
  token: string;
  user: { _id: string };
}

/** The owner's list and PDF, and the public check of a serial. */
describe('certificate routes', () => {
  let app: FastifyInstance;
  let owner: Account;
  let other: Account;
  let offsets: Product[];
  let goods: Product;
  let firstOrder: string;
  let secondOrder: string;
  let serial: string;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await registerVerified(app, { firstName: 'Ada', lastName: 'Greenwood' });
    other = await registerVerified(app, { firstName: 'Bo', lastName: 'Lind' });
    const all = app.catalog.snapshot().products;
    offsets = all.filter((product) => product.kind === 'offset');
    goods = all.find((product) => product.kind === 'goods')!;
    firstOrder = await insertOrderWithLines(app, { userId: owner.user._id, lines: [{ productId: offsets[0].id, quantity: 2 }, { productId: goods.id, quantity: 1 }] });
    await issue(app, firstOrder);
    secondOrder = await insertOrderWithLines(app, { userId: owner.user._id, lines: [{ productId: offsets[1].id, quantity: 5 }] });
    await issue(app, secondOrder);
    serial = (await certificatesOfOrder(app, firstOrder))[0].serial;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  describe('GET /api/v1/users/{id}/certificates', () => {
    it('lists the caller’s certificates, newest first, with the PDF and verify links', async () => {
      const response = await get(`/api/v1/users/${owner.user._id}/certificates`, owner.token);
      expect(response.statusCode).toBe(200);
      const list = json<{ success: true; data: Certificate[] }>(response).data;
      expect(list.map((certificate) => certificate.orderId)).toEqual([secondOrder, firstOrder]);
      for (const certificate of list) expect(certificateSchema.strict().parse(certificate)).toEqual(certificate);
      const [newest, oldest] = list;
      expect(newest).toMatchObject({ tonnes: 5, projectName: offsets[1].name, productSlug: offsets[1].slug, beneficiary: { type: 'person', name: 'Ada Greenwood' }, status: 'valid' });
      expect(oldest).toMatchObject({ serial, tonnes: 2, projectName: offsets[0].name });
      expect(oldest.pdfUrl).toBe(`/api/v1/certificates/${serial}/pdf`);
      expect(oldest.verifyUrl).toBe(`${app.config.publicUrl}/certificates/${serial}`);
      expect(oldest.orderNumber).toMatch(/^GM-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    });

    it('answers an empty list for someone without certificates', async () => {
      const response = await get(`/api/v1/users/${other.user._id}/certificates`, other.token);
      expect(json(response)).toEqual({ success: true, data: [] });
    });

    it('refuses another user’s id (403), a missing token (401) and a malformed id (400)', async () => {
      const foreign = await get(`/api/v1/users/${owner.user._id}/certificates`, other.token);
      expect(foreign.statusCode).toBe(403);
      expect(json(foreign)).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'You can only see your own certificates' });
      expect(foreign.body).not.toContain(serial);

      const anonymous = await get(`/api/v1/users/${owner.user._id}/certificates`);
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous).code).toBe('UNAUTHENTICATED');

      const malformed = await get('/api/v1/users/not-an-id/certificates', owner.token);
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });
  });

  describe('GET /api/v1/certificates/{serial} (public)', () => {
    it('verifies a serial without a token and shows only what the certificate states', async () => {
      const response = await get(`/api/v1/certificates/${serial}`);
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(Object.keys(body.data).sort()).toEqual(Object.keys(publicCertificateSchema.shape).sort());
      expect(body.data).toMatchObject({ serial, status: 'valid', tonnes: 2, projectName: offsets[0].name, beneficiary: { type: 'person', name: 'Ada Greenwood' } });
      // Nothing private: not the buyer's email or ids, not the order.
      for (const secret of [owner.email, owner.user._id, firstOrder, 'orderId', 'userId', 'email']) expect(response.body).not.toContain(secret);
    });

    it('accepts the serial typed in lower case', async () => {
      const response = await get(`/api/v1/certificates/${serial.toLowerCase()}`);
      expect(response.statusCode).toBe(200);
      expect(json(response).data.serial).toBe(serial);
    });

    it('answers 404 for a well-formed serial nobody holds, 400 for something that is not a serial', async () => {
      const unknown = await get('/api/v1/certificates/GMC-2026-2222-3333-4444');
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'No certificate has this serial' });

      for (const bad of ['GMC-2026-0000-3333-4444', 'GMC-2026-2222-3333', 'hello', `${serial}X`]) {
        const response = await get(`/api/v1/certificates/${bad}`);
        expect(response.statusCode, bad).toBe(400);
        expect(json(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('GET /api/v1/certificates/{serial}/pdf', () => {
    it('gives the owner a one-page A4 PDF named after the serial', async () => {
      const response = await get(`/api/v1/certificates/${serial}/pdf`, owner.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${serial}.pdf"`);
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(response.headers['content-length'])).toBe(pdf.length);
      const text = pdf.toString('latin1');
      // The document's info (not compressed) names the certificate and its serial.
      expect(text).toContain(`(Certificate of carbon offset retirement ${serial})`);
      expect(text).toContain(`(Serial ${serial}: 2 tonnes CO2e retired)`);
      expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
      expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    });

    it('answers 404 to anyone else, 401 without a token, 400 for a malformed serial', async () => {
      const foreign = await get(`/api/v1/certificates/${serial}/pdf`, other.token);
      expect(foreign.statusCode).toBe(404);
      expect(json(foreign)).toMatchObject({ code: 'NOT_FOUND', message: 'No certificate has this serial' });
      expect((await get(`/api/v1/certificates/${serial}/pdf`)).statusCode).toBe(401);
      expect((await get('/api/v1/certificates/GMC-2026-2222-3333-4444/pdf', owner.token)).statusCode).toBe(404);
      expect((await get('/api/v1/certificates/nope/pdf', owner.token)).statusCode).toBe(400);
    });
  });

  // Last: it spends this client's lookups.
  it('rate-limits public lookups per client (serial guessing)', async () => {
    const first = await get('/api/v1/certificates/GMC-2026-2222-3333-5555');
    const limit = Number(first.headers['x-ratelimit-limit']);
    expect(limit).toBe(30);
    let remaining = Number(first.headers['x-ratelimit-remaining']);
    while (remaining > 0) remaining = Number((await get('/api/v1/certificates/GMC-2026-2222-3333-5555')).headers['x-ratelimit-remaining']);
    const refused = await get(`/api/v1/certificates/${serial}`);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe('RATE_LIMITED');
    // The owner's own routes are not held up by it.
    expect((await get(`/api/v1/users/${owner.user._id}/certificates`, owner.token)).statusCode).toBe(200);
  });
});
