import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '@app/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { createTestApp, json } from './helper.ts';

describe('API foundation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
    // A protected route used only here, to exercise the auth plumbing every later route relies on.
    app.get('/api/test/whoami', { config: { auth: true } }, async (request) => ({ success: true, data: request.user }));
    app.post('/api/test/echo', async (request) => ({ success: true, data: request.body }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports the database as reachable on /api/health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.success).toBe(true);
    expect(body.data.database).toBe('reachable');
    expect(['pglite', 'postgresql']).toContain(body.data.databaseKind);
    expect(body.data.mail).toMatch(/outbox/);
    expect(body.data.payments).toMatch(/test provider/);
  });

  it('answers unknown API paths with the 404 envelope and a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    const body = json(response);
    expect(body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(body.message).toContain('/api/v1/does-not-exist');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('keeps a safe incoming request id and replaces an unsafe one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('trace-abc.123');
    const replaced = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    // Replaced by a generated id (a UUID could contain "bad" by chance: compare the whole value).
    expect(replaced.headers['x-request-id']).not.toBe('bad id\nwith newline');
    expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  });

  it('answers malformed JSON with 400, not a 5xx', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/products', headers: { 'content-type': 'application/json' }, payload: '{"broken":' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('limits body size with a 413 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers with a Content-Security-Policy and no CORS by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const body = json(spec);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/v1/products', '/api/v1/productBySlug/{slug}']));
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  describe('bearer authentication', () => {
    it('refuses a protected route without a token (401 envelope)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/whoami' });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });

    it('refuses a token signed with another secret', async () => {
      const forged = await new TokenSigner('another-secret-that-is-long-enough-000', 3600).sign({ sub: '0192b7b0-0000-7000-8000-000000000000', tv: 0 });
      const response = await app.inject({ method: 'GET', url: '/api/test/whoami', headers: { authorization: `Bearer ${forged}` } });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a validly signed token for a user that does not exist', async () => {
      const signer = new TokenSigner(app.config.jwtSecret, 3600);
      const token = await signer.sign({ sub: '0192b7b0-0000-7000-8000-000000000000', tv: 0 });
      const response = await app.inject({ method: 'GET', url: '/api/test/whoami', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    });

    it('refuses garbage in the Authorization header', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/whoami', headers: { authorization: 'Bearer not.a.jwt' } });
      expect(response.statusCode).toBe(401);
    });
  });

  it('reports 503 when the database is unreachable', async () => {
    const broken = await createTestApp({ seed: false });
    await broken.ready();
    await broken.database.close();
    const response = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(json(response).code).toBe('SERVICE_UNAVAILABLE');
    await broken.close();
  });
});

describe('rate limiting', () => {
  it('answers 429 with the envelope once the global limit is used up', async () => {
    const app = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '3' } });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ method: 'GET', url: '/api/v1/products' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(json(last!)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    await app.close();
  });
});

describe('CORS', () => {
  it('allows only the configured origins when CORS_ORIGIN is set', async () => {
    const app = await createTestApp({ seed: false, env: { CORS_ORIGIN: 'https://partner.example, https://other.example' } });
    const allowed = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const refused = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, { inMemoryDatabase: true })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' }, { inMemoryDatabase: true })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, { inMemoryDatabase: true })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' }, { inMemoryDatabase: true })).toThrow(/JWT_SECRET/);
  });

  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, { inMemoryDatabase: true });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databasePoolSize).toBe(10);
  });

  it('takes the PostgreSQL pool size from DATABASE_POOL_SIZE and refuses one that is not a whole number from 1', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }, { inMemoryDatabase: true }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' }, { inMemoryDatabase: true })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'ten' }, { inMemoryDatabase: true })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('maps every error code to a 4xx or 5xx status', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
