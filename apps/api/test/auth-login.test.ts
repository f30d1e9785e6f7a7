import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { meResponseSchema } from '@app/contract';
import { createTestApp, json } from './helper.ts';
import { PASSWORD, bearer, login, mailTo, registerVerified, uniqueEmail } from './auth-helpers.ts';

describe('login and sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
    // Countries are needed for the currency rules; the rest of the seed is not.
    const { seedIfEmpty } = await import('../src/db/seed/seed.ts');
    await seedIfEmpty(app.database.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers success, token and the user on a right password', async () => {
    const { email } = await registerVerified(app);
    const response = await login(app, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.success).toBe(true);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ email, firstName: 'Ada', lastName: 'Green' });
    expect(new Date(body.user.createdAt).getTime()).not.toBeNaN();
    expect(body.temporaryCheckoutCurrency).toBe('USD');
  });

  it('counts failures, locks from the 5th and says until when, even for the right password', async () => {
    const { email } = await registerVerified(app);
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await login(app, email, 'Wrong-password-1');
      expect(response.statusCode).toBe(401);
      expect(json(response).code).toBe('INVALID_CREDENTIALS');
      counts.push(json(response).loginAttemptCount);
    }
    expect(counts).toEqual([1, 2, 3, 4]);
    const fifth = await login(app, email, 'Wrong-password-1');
    expect(fifth.statusCode).toBe(429);
    const body = json(fifth);
    expect(body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED', loginAttemptCount: 5 });
    expect(body.message).toMatch(/locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(new Date(body.lockedUntil).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const right = await login(app, email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(json(right).loginAttemptCount).toBe(5);
    const mails = await mailTo(app, email);
    expect(mails.some((m) => m.template === 'account-locked')).toBe(true);

    // Once the lock has passed, the right password works and the count starts again.
    await app.database.db.execute(sql`UPDATE login_throttles SET locked_until = now() - interval '1 second' WHERE email = ${email}`);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    expect(json(await login(app, email, 'Wrong-password-1')).loginAttemptCount).toBe(1);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const unknown = await login(app, uniqueEmail(), 'Wrong-password-1');
    const { email } = await registerVerified(app);
    const wrong = await login(app, email, 'Wrong-password-1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(json(unknown).message).toBe(json(wrong).message);
    expect(json(unknown).loginAttemptCount).toBe(1);
  });

  it('rejects malformed login input with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId: 'nobody', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json(response).fields).sort()).toEqual(['password', 'userId']);
    const strategy = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId: uniqueEmail(), password: 'x', strategy: 'magic' } });
    expect(strategy.statusCode).toBe(400);
  });

  it('returns the fields of spec §7 on /v1/me and validates the token on /v1/verify-token', async () => {
    const { email, token } = await registerVerified(app);
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const body = json(me);
    expect(meResponseSchema.safeParse(body).success).toBe(true);
    for (const field of ['success', 'data', 'billingAddress', 'slug', 'addressCountry', 'selectedCountry', 'checkoutDefaultCurrency', 'temporaryCheckoutCurrency', 'email']) {
      expect(body).toHaveProperty(field);
    }
    expect(body.email).toBe(email);
    expect(body.data).not.toHaveProperty('passwordHash');
    const verify = await app.inject({ method: 'GET', url: '/api/v1/verify-token', headers: bearer(token) });
    expect(json(verify).data.valid).toBe(true);
    expect(new Date(json(verify).data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await app.inject({ method: 'GET', url: '/api/v1/verify-token', headers: bearer('x.y.z') })).statusCode).toBe(401);
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { token } = await registerVerified(app);
    const user = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).data;
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuer('carbonwise')
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 600) // well past the 60 s clock skew allowed
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    const response = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe('TOKEN_EXPIRED');
  });

  it("applies the login's temporaryCheckoutCurrency by strength level", async () => {
    const { email } = await registerVerified(app);
    const weak = json(await login(app, email, PASSWORD, { temporaryCheckoutCurrency: 'EUR' }));
    expect(weak.temporaryCheckoutCurrency).toBe('EUR');
    const forced = json(await login(app, email, PASSWORD, { temporaryCheckoutCurrency: { currency: 'GBP', level: 3 } }));
    expect(forced.temporaryCheckoutCurrency).toBe('GBP');
    const weaker = json(await login(app, email, PASSWORD, { temporaryCheckoutCurrency: { currency: 'JPY', level: 2 } }));
    expect(weaker.temporaryCheckoutCurrency).toBe('GBP');
    const invalid = await login(app, email, PASSWORD, { temporaryCheckoutCurrency: 'CHF' });
    expect(invalid.statusCode).toBe(400);
  });

  it('applies the strict rate limit to sensitive routes', async () => {
    const limited = await createTestApp({ seed: false, env: { RATE_LIMIT_AUTH_MAX: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(limited, uniqueEmail(), 'Wrong-password-1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const health = await limited.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await limited.close();
  });
});
