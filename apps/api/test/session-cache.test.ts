import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { bearer } from './auth-helpers.ts';
import { createTestApp } from './helper.ts';
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
