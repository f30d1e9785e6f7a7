import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json } from './helper.ts';
import { bearer, registerVerified } from './auth-helpers.ts';

/** Bodies a careless or hostile client might send. */
const JUNK_BODIES: unknown[] = [
  null,
  [],
  'just a string',
  42,
  {},
  { email: ['a@b.c'], password: { $gt: '' }, otp: 123456, userId: null },
  { email: 'x'.repeat(10_000) + '@example.com', password: 'p'.repeat(5000), firstName: '\u0000', currency: 'XXX', level: 99 },
  { billingAddress: 'nope', selectedCountry: 12, __proto__: { polluted: true } },
];
const JUNK_QUERY = '?tk=%00%ff&periodType[]=day&showDetails=%E2%9C%93&limit=-1&to=<script>&page=1e309';
const JUNK_PARAM = encodeURIComponent("'; DROP TABLE users; --");

describe('bad input on every route', () => {
  let app: FastifyInstance;
  let routes: { method: string; url: string }[];
  let token: string;

  beforeAll(async () => {
    app = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '100000' } });
    const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, JUNK_PARAM) })),
    );
    ({ token } = await registerVerified(app));
  });
  afterAll(async () => {
    await app.close();
  });

  it('covers the account and catalog routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it('never answers 5xx, and always with the error envelope, signed in or not', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const [query, headers] of [['', {}], ['', bearer(token)], [JUNK_QUERY, bearer(token)]] as const) {
        const payloads = route.method === 'GET' ? [undefined] : JUNK_BODIES;
        for (const payload of payloads) {
          const response = await app.inject({
            method: route.method as 'GET',
            url: route.url + query,
            headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: payload === undefined ? undefined : JSON.stringify(payload),
          });
          const label = `${route.method} ${route.url}${query} ${JSON.stringify(payload)?.slice(0, 60)} → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(label);
          if (response.statusCode >= 400) {
            const body = json(response);
            if (body.success !== false || typeof body.message !== 'string' || typeof body.code !== 'string') failures.push(`${label} without envelope`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a control character in any path parameter with a 400 naming it, never the database\'s unnamed one', async () => {
    const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    const withParams = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      path.includes('{') ? Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })) : [],
    );
    expect(withParams.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const { method, path } of withParams) {
      // Before: sustainability-profiles/{slug}, business-sustainability-profiles/slug/{slug} and
      // business-products/name/{name} passed the NUL to PostgreSQL and got its 400 with no field named.
      const url = path.replace(/\{[^}]+\}/g, 'ab%00cd');
      const response = await app.inject({ method: method as 'GET', url, headers: bearer(token), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      if (response.statusCode >= 500) failures.push(`${method} ${url} → ${response.statusCode}`);
      if (response.statusCode !== 400) continue;
      const body = json(response);
      if (body.code !== 'VALIDATION_FAILED' || Object.keys(body.fields ?? {}).length === 0) failures.push(`${method} ${url} → 400 ${body.code} naming no field: ${body.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<login/>' });
    expect(response.statusCode).toBe(415);
    expect(json(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
