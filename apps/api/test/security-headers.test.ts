import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { recordHelmetHeaders } from '../src/plugins/security.ts';
import { createTestApp, json } from './helper.ts';

/**
 * The security headers are computed once from helmet and set, with the request id, by one hook
 * as each request arrives (plugins/security.ts). These tests pin what every kind of answer
 * carries, so a faster way of setting them cannot drop one.
 */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers and request id on every answer', () => {
  let app: FastifyInstance;
  let slug: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    app.get('/api/test/private', { config: { auth: true } }, async () => ({ success: true }));
    await app.ready();
    slug = json(await app.inject({ method: 'GET', url: '/api/v1/products?limit=1', remoteAddress: '10.0.0.9' })).data[0].slug;
  });
  afterAll(async () => {
    await app.close();
  });

  it('precomputes exactly the headers helmet sets per request', () => {
    const middleware = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } }, strictTransportSecurity: false });
    const perRequest: Record<string, string> = {};
    middleware({} as never, { setHeader: (name: string, value: string) => (perRequest[name.toLowerCase()] = value), removeHeader: () => {} } as never, () => {});
    const { names, values } = recordHelmetHeaders(middleware);
    expect(Object.fromEntries(names.map((name, i) => [name, values[i]]))).toEqual(perRequest);
    expect(names).toContain('content-security-policy');
  });

  const answers: { name: string; request: () => { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }; status: number }[] = [
    { name: 'a catalog read', request: () => ({ method: 'GET', url: `/api/v1/productBySlug/${slug}` }), status: 200 },
    { name: 'a 304 catalog read', request: () => ({ method: 'GET', url: '/api/v1/products', headers: { 'if-none-match': '*' } }), status: 304 },
    { name: 'an unknown product (404 from the handler)', request: () => ({ method: 'GET', url: '/api/v1/productBySlug/no-such-product' }), status: 404 },
    { name: 'an unknown route (404 handler)', request: () => ({ method: 'GET', url: '/api/v1/nowhere' }), status: 404 },
    { name: 'invalid input (zod 400)', request: () => ({ method: 'GET', url: '/api/v1/products?limit=-5' }), status: 400 },
    { name: 'a protected route without a token (401 from the auth hook)', request: () => ({ method: 'GET', url: '/api/test/private' }), status: 401 },
    { name: 'a compressed API answer', request: () => ({ method: 'GET', url: '/api/v1/countries', headers: { 'accept-encoding': 'gzip' } }), status: 200 },
  ];
  for (const answer of answers) {
    it(`carries them on ${answer.name}`, async () => {
      const request = answer.request();
      // Each from its own address: the limit of 3 a minute is for the rate-limit test below.
      const response = await app.inject({ ...request, remoteAddress: `10.1.${answers.indexOf(answer)}.1` });
      expect(response.statusCode, response.body).toBe(answer.status);
      for (const [name, value] of Object.entries(EXPECTED)) expect(response.headers[name], name).toBe(value);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      if (answer.status >= 400) expect(json(response).requestId).toBe(response.headers['x-request-id']);
    });
  }

  it('keeps them, and counts correctly, when the rate limit answers 429', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${slug}`, remoteAddress: '10.2.0.1' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers['x-ratelimit-limit']).toBe('3');
    expect(last!.headers['content-security-policy']).toBe(EXPECTED['content-security-policy']);
    expect(json(last!)).toMatchObject({ code: 'RATE_LIMITED', requestId: last!.headers['x-request-id'] });
  });

  it('counts requests to protected routes before the auth check, so a flood without a token is refused too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.inject({ method: 'GET', url: '/api/test/private', remoteAddress: '10.3.0.1' })).statusCode);
    // Once over the limit, 429 with its headers, and no token check spent on it.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
