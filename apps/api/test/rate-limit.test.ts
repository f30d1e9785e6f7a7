import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FixedWindowCounter, clientKey, describeWait, windowMilliseconds } from '../src/plugins/rate-limit.ts';
import { createTestApp, json } from './helper.ts';

describe('rate-limit arithmetic', () => {
  it('reads time windows in words and milliseconds', () => {
    expect(windowMilliseconds('1 minute')).toBe(60_000);
    expect(windowMilliseconds('30 seconds')).toBe(30_000);
    expect(windowMilliseconds('2 hours')).toBe(7_200_000);
    expect(windowMilliseconds(1500)).toBe(1500);
    expect(() => windowMilliseconds('soon')).toThrow(/time window/);
  });

  it('says how long to wait in whole seconds or minutes', () => {
    expect(describeWait(400)).toBe('1 second');
    expect(describeWait(45_000)).toBe('45 seconds');
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(61_000)).toBe('2 minutes');
  });

  it('counts IPv4 clients by address and IPv6 clients by their /56 block', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    // Two addresses of one home connection (same /56) share a counter; another /56 does not.
    expect(clientKey('2001:db8:aa:bb01::1')).toBe(clientKey('2001:0db8:00aa:bbff:1:2:3:4'));
    expect(clientKey('2001:db8:aa:cc00::1')).not.toBe(clientKey('2001:db8:aa:bb00::1'));
    expect(clientKey('::1')).toBe('0000:0000:0000:00::/56');
  });

  it('starts a new window once the old one has passed', () => {
    const counter = new FixedWindowCounter(1000);
    expect(counter.hit('a', 0).count).toBe(1);
    expect(counter.hit('a', 999).count).toBe(2);
    expect(counter.hit('b', 999).count).toBe(1);
    expect(counter.hit('a', 1000)).toEqual({ count: 1, resetAt: 2000 });
    counter.close();
  });
});

describe('rate limiting through the routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => app.close());

  const from = (ip: string) => ({ remoteAddress: ip });

  it('counts each client separately and says how many requests are left', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/products', ...from('198.51.100.1') });
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    await app.inject({ method: 'GET', url: '/api/v1/countries', ...from('198.51.100.1') });
    await app.inject({ method: 'GET', url: '/api/v1/products', ...from('198.51.100.1') });
    const refused = await app.inject({ method: 'GET', url: '/api/v1/products', ...from('198.51.100.1') });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused)).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/) });
    // Another client is not affected.
    const other = await app.inject({ method: 'GET', url: '/api/v1/products', ...from('198.51.100.2') });
    expect(other.statusCode).toBe(200);
  });

  it('gives sensitive routes their own stricter counter', async () => {
    const ip = from('198.51.100.3');
    const login = () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId: 'nobody@example.com', password: 'wrong-password-1', strategy: 'password' }, ...ip });
    const statuses = [(await login()).statusCode, (await login()).statusCode, (await login()).statusCode];
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
    // The global counter of that client was not spent by the logins.
    expect((await app.inject({ method: 'GET', url: '/api/v1/products', ...ip })).statusCode).toBe(200);
  });

  it('counts requests to signed-in routes before their token is checked', async () => {
    // A flood without a valid token must be refused like any other, not answered 401 for ever
    // at the cost of a token check (and, for a well-signed token, a session lookup) each time.
    const noToken = [];
    for (let i = 0; i < 4; i += 1) noToken.push((await app.inject({ method: 'GET', url: '/api/v1/me', ...from('198.51.100.5') })).statusCode);
    expect(noToken).toEqual([401, 401, 401, 429]);
    const badToken = [];
    for (let i = 0; i < 4; i += 1) {
      badToken.push((await app.inject({ method: 'GET', url: '/api/v1/wishlists', headers: { authorization: 'Bearer not.a.token' }, ...from('198.51.100.6') })).statusCode);
    }
    expect(badToken).toEqual([401, 401, 401, 429]);
  });

  it("spends a route's own exact limit only on requests that passed the auth check", async () => {
    // Changing the password has its own limit (RATE_LIMIT_AUTH_MAX = 2 here), counted exactly (on
    // PostgreSQL a write per hit): requests without a token stop at the auth check before it.
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await app.inject({ method: 'PATCH', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'b' }, ...from('198.51.100.7') })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
  });

  it('counts answers from the not-found handler: unknown API routes and files', async () => {
    for (const [i, url] of ['/api/v1/no-such-route', '/no-such-file.txt'].entries()) {
      const answers = [];
      for (let n = 0; n < 4; n += 1) answers.push(await app.inject({ method: 'GET', url, ...from(`198.51.100.${20 + i}`) }));
      expect(answers.map((answer) => answer.statusCode), url).toEqual([404, 404, 404, 429]);
      expect(answers[0]!.headers['x-ratelimit-remaining']).toBe('2');
      expect(json(answers[3]!)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }
  });

  it('never limits the health check', async () => {
    const ip = from('198.51.100.4');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await app.inject({ method: 'GET', url: '/api/health', ...ip })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('rate limiting of reads answered from memory', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => app.close());

  // These URLs are answered by the route's own onRequest hook once asked before, ahead of
  // validation: the rate limit's hook must still run first and count them.
  it('counts repeated catalog, product, review and reference reads like any other', async () => {
    const product = app.catalog.snapshot().products[0]!;
    const urls = [
      '/api/v1/products?page=1&size=4',
      `/api/v1/productBySlug/${product.slug}`,
      `/api/v1/review/${product.id}/product?page=1&size=5`,
      '/api/v1/countries',
    ];
    for (const [i, url] of urls.entries()) {
      // Another client asks first, so the URL is known before this client's reads.
      expect((await app.inject({ method: 'GET', url, remoteAddress: `198.51.100.${100 + i}` })).statusCode).toBe(200);
      const ip = `198.51.100.${200 + i}`;
      const statuses = [];
      for (let n = 0; n < 4; n += 1) statuses.push((await app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode);
      expect(statuses, url).toEqual([200, 200, 200, 429]);
    }
  });
});
