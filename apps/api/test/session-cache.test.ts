import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { bearer } from './auth-helpers.ts';
import { createTestApp, isBackgroundStatement } from './helper.ts';
import { sessionCache } from '../src/plugins/session-cache.ts';
import type { CurrentUser } from '../src/plugins/auth.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Decision 0053: checked sessions are kept SESSION_CACHE_MS in memory (here 400 ms). A sign-out or
 * account change made through this process ends the cached session at once; one made elsewhere
 * (another API process: here, straight in the database) within the cache's lifetime. The token
 * itself is checked with node:crypto's HMAC: a forged or re-signed token is refused.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ env: { SESSION_CACHE_MS: '400' } });
});
afterAll(async () => app?.close());

const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/carts', headers: bearer(token) });

describe('sessions kept a moment in memory', () => {
  it('a signed-out session stops working at once in this process', async () => {
    const buyer = await quickBuyer(app);
    expect((await me(buyer.token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(buyer.token) })).statusCode).toBe(200);
    expect((await me(buyer.token)).statusCode).toBe(401);
  });

  it('a revocation made by another process is honoured within SESSION_CACHE_MS', async () => {
    const buyer = await quickBuyer(app);
    expect((await me(buyer.token)).statusCode).toBe(200);
    // Another process bumps the token version (a password change there).
    await app.database.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, buyer.id));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await me(buyer.token)).statusCode).toBe(401);
  });

  it('refuses a token whose signature, algorithm or issuer is not ours', async () => {
    const buyer = await quickBuyer(app);
    const [head, body] = buyer.token.split('.') as [string, string, string];
    const sign = (h: string, b: string, secret: string) => `${h}.${b}.${createHmac('sha256', secret).update(`${h}.${b}`).digest('base64url')}`;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      sign(head, body, 'not-the-secret-not-the-secret-not-the-secret'),
      `${encode({ alg: 'none', typ: 'JWT' })}.${body}.`,
      sign(encode({ alg: 'HS512', typ: 'JWT' }), body, app.config.jwtSecret),
      sign(head, encode({ ...claims, iss: 'someone-else' }), app.config.jwtSecret),
      sign(head, encode({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 }), app.config.jwtSecret),
      `${head}.${body}`,
    ];
    for (const token of forged) expect((await me(token)).statusCode, token).toBe(401);
    expect((await me(buyer.token)).statusCode).toBe(200);
  });
});

/**
 * Decision 0072: a session in use is checked again in the background in the last third of its
 * entry's life, so a buyer who keeps shopping never waits for the account read, and a revocation
 * made elsewhere is still seen within SESSION_CACHE_MS (here 3 s, so the steps have room on a
 * busy machine).
 */
describe('sessions in use, checked again in the background', () => {
  let busy: FastifyInstance;
  const sessionReads: string[] = [];
  beforeAll(async () => {
    // Every account read for a session, on the request's path or in the background.
    busy = await createTestApp({ env: { SESSION_CACHE_MS: '3000' }, logger: { logQuery: (query: string) => void (query.includes('revoked_sessions') && sessionReads.push(query)) } });
  });
  afterAll(async () => busy?.close());
  const cart = (token: string) => busy.inject({ method: 'GET', url: '/api/v1/carts', headers: bearer(token) });
  const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

  it('renews a session in use without a request waiting for it, and still sees a revocation made elsewhere in time', async () => {
    const buyer = await quickBuyer(busy);
    sessionReads.length = 0;
    expect((await cart(buyer.token)).statusCode).toBe(200);
    expect(sessionReads).toHaveLength(1); // checked and kept for 3 s from (at the latest) now
    const start = performance.now();

    // In the entry's last third: answered from it, checked again in the background.
    await sleepUntil(start + 2_100);
    expect((await cart(buyer.token)).statusCode).toBe(200);
    await sleepUntil(start + 2_600);
    expect(sessionReads).toHaveLength(2);
    expect(isBackgroundStatement(sessionReads[1]!)).toBe(true); // marked as the background check
    expect(isBackgroundStatement(sessionReads[0]!)).toBe(false);

    // Past the first entry's life: the renewed entry answers, no account read on the way.
    await sleepUntil(start + 3_200);
    expect((await cart(buyer.token)).statusCode).toBe(200);
    expect(sessionReads).toHaveLength(2);

    // Another process bumps the token version. The next request in the renewed entry's last third
    // starts a check that finds it, and the session ends before that entry would have lapsed.
    await busy.database.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, buyer.id));
    const revokedAt = performance.now();
    await sleepUntil(start + 4_700);
    expect((await cart(buyer.token)).statusCode).toBe(200);
    let status = 200;
    while (status === 200 && performance.now() < revokedAt + 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await cart(buyer.token)).statusCode;
    }
    expect(status).toBe(401);
    expect(performance.now() - revokedAt).toBeLessThan(3_000);
  });

  it('a check that read the account before a write forgot the person keeps nothing; one caller is asked to check again', () => {
    const user = { id: '00000000-0000-4000-8000-000000000001', tokenExpiresAt: new Date(Date.now() + 60_000).toISOString() } as CurrentUser;
    const before = sessionCache.generation(user.id);
    sessionCache.forget(user.id); // a write to the account, while the check was reading it
    sessionCache.set('token-a', user, 3_000, before);
    expect(sessionCache.get('token-a')).toBeUndefined();

    const now = Date.now();
    sessionCache.set('token-a', user, 3_000, sessionCache.generation(user.id), now);
    expect(sessionCache.get('token-a', now + 1_000)).toEqual({ user, checkAgain: false });
    expect(sessionCache.get('token-a', now + 2_100)).toEqual({ user, checkAgain: true });
    expect(sessionCache.get('token-a', now + 2_200)).toEqual({ user, checkAgain: false });
    expect(sessionCache.get('token-a', now + 3_000)).toBeUndefined();
    sessionCache.forget(user.id);
  });
});
