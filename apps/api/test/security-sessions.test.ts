import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { bearer, codeIn, login, mailTo, registerVerified } from './auth-helpers.ts';

/** Issue 6, item 7: tokens, logout, lock emails, HSTS, proxy headers and the reset-link cool-down. */
let app: FastifyInstance;
let proxied: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
  proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app.close();
  await proxied.close();
});

const now = () => Math.floor(Date.now() / 1000);
const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

/** A token signed with the app's own secret, so only the claims can make it fail. */
function forge(userId: string, claims: { iat?: number; exp?: number; jti?: boolean }) {
  const jwt = new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuer('carbonwise');
  if (claims.jti !== false) jwt.setJti(randomUUID());
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(app.config.jwtSecret));
}

describe('session tokens (issue 6.7)', () => {
  it('require exp and iat, refuse iat in the future and lifetimes past JWT_TTL_SECONDS, allow a small clock skew', async () => {
    const { user } = await registerVerified(app);
    const ttl = app.config.jwtTtlSeconds;
    const refused = {
      'no exp': await forge(user._id, { iat: now() }),
      'no iat': await forge(user._id, { exp: now() + 600 }),
      'no jti': await forge(user._id, { iat: now(), exp: now() + 600, jti: false }),
      'iat in the future': await forge(user._id, { iat: now() + 3600, exp: now() + 7200 }),
      'lifetime of ten years': await forge(user._id, { iat: now(), exp: now() + 10 * 365 * 86400 }),
      'older than the lifetime': await forge(user._id, { iat: now() - ttl - 3600, exp: now() + 600 }),
    };
    for (const [why, token] of Object.entries(refused)) {
      const response = await me(token);
      expect(response.statusCode, why).toBe(401);
    }
    expect((await me(await forge(user._id, { iat: now() + 20, exp: now() + 600 }))).statusCode).toBe(200);
  });

  it('POST /auth/logout ends that session only: its token answers 401 after, the other session keeps working', async () => {
    const { email, password } = await registerVerified(app);
    const laptop = json(await login(app, email, password)).token as string;
    const phone = json(await login(app, email, password)).token as string;
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop) });
    expect(out.statusCode).toBe(200);
    expect(json(out).message).toBe('You have been logged out');
    const after = await me(laptop);
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('UNAUTHENTICATED');
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop) })).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });
});

describe('account locked emails (issue 6.7)', () => {
  const fail = (email: string) => login(app, email, 'Wrong-password-1');
  const lockMails = async (email: string) => (await mailTo(app, email)).filter((m) => m.template === 'account-locked').length;
  const lockFiveTimes = async (email: string) => {
    for (let i = 0; i < 5; i++) await fail(email);
  };
  /** The lock's 15 minutes pass. */
  const unlock = (email: string) => app.database.db.execute(sql`UPDATE login_throttles SET locked_until = now() - interval '1 second' WHERE email = ${email}`);

  it('locks every time, but emails the owner at most once a day', async () => {
    const { email, password } = await registerVerified(app);
    await lockFiveTimes(email);
    expect((await login(app, email, password)).statusCode).toBe(429);
    expect(await lockMails(email)).toBe(1);

    await unlock(email);
    await lockFiveTimes(email);
    const locked = await login(app, email, password);
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe('ACCOUNT_LOCKED');
    expect(await lockMails(email)).toBe(1);

    await app.database.db.execute(sql`UPDATE outbox_emails SET created_at = now() - interval '25 hours' WHERE to_address = ${email} AND template = 'account-locked'`);
    await unlock(email);
    await lockFiveTimes(email);
    expect(await lockMails(email)).toBe(2);
  });
});

describe('HSTS and proxy headers (issue 6.7)', () => {
  it('sends HSTS only over https, and believes X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const hsts = async (server: FastifyInstance, headers: Record<string, string> = {}) =>
      (await server.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security'];
    expect(await hsts(app)).toBeUndefined();
    expect(await hsts(app, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hsts(proxied)).toBeUndefined();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
  });

  it('ip-stack ignores country headers unless TRUST_PROXY is on', async () => {
    const country = async (server: FastifyInstance) => json(await server.inject({ method: 'GET', url: '/api/v1/ip-stack', headers: { 'cf-ipcountry': 'IN' } })).data;
    expect(await country(app)).toEqual({ countryCode: null, currency: { code: 'USD' } });
    expect(await country(proxied)).toEqual({ countryCode: 'IN', currency: { code: 'INR' } });
  });
});

describe('reset link cool-down (issue 6.7)', () => {
  it('after a reset by code, a reset link asked for at once is really sent; a second one within a minute is not', async () => {
    const { email } = await registerVerified(app);
    await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email } });
    const code = codeIn((await mailTo(app, email)).find((m) => m.template === 'password-reset-code')!);
    const { resetToken } = json(await app.inject({ method: 'PATCH', url: '/api/auth/otp-verify', payload: { email, otp: code } })).data;
    const reset = await app.inject({ method: 'POST', url: `/api/auth/reset-password?tk=${resetToken}`, payload: { password: 'Brand-new-pass-7', confirmPassword: 'Brand-new-pass-7' } });
    expect(reset.statusCode).toBe(200);

    const ask = () => app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    expect((await ask()).statusCode).toBe(200);
    const links = async () => (await mailTo(app, email)).filter((m) => m.template === 'password-reset-link').length;
    expect(await links()).toBe(1);
    expect((await ask()).statusCode).toBe(200);
    expect(await links()).toBe(1);
  });
});
