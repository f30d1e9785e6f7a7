import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';
import { codeIn, mailTo, register, registerVerified, uniqueEmail } from './auth-helpers.ts';

/** Issue 6, item 3: the public code routes answer an unknown email, no live code and a wrong code alike. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(async () => {
  await app.close();
});

/** Status, headers that matter and the body byte for byte, with only the request id taken out. */
async function answer(url: string, email: string, otp: string) {
  const response = await app.inject({ method: 'PATCH', url, payload: { email, otp }, headers: { 'x-request-id': 'same-id' } });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body.replace(/"requestId":"[^"]*"/, '"requestId":"…"') };
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('code routes do not tell who has an account (issue 6.3)', () => {
  it('PATCH /auth/otp-verify: unknown email, no live code, expired code and wrong code answer byte-identically', async () => {
    const url = '/api/auth/otp-verify';
    const noCode = await registerVerified(app);
    const withCode = await registerVerified(app);
    await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email: withCode.email } });
    const live = codeIn((await mailTo(app, withCode.email)).find((m) => m.template === 'password-reset-code')!);
    const expired = await registerVerified(app);
    await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email: expired.email } });
    const old = codeIn((await mailTo(app, expired.email)).find((m) => m.template === 'password-reset-code')!);
    await app.database.db.execute(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = ${expired.email})`);

    const unknown = await answer(url, uniqueEmail('nobody'), '123456');
    expect(unknown.status).toBe(400);
    expect(await answer(url, noCode.email, '123456')).toEqual(unknown);
    expect(await answer(url, withCode.email, other(live))).toEqual(unknown);
    expect(await answer(url, expired.email, old)).toEqual(unknown);
    expect(unknown.body).toBe('{"success":false,"message":"The code is incorrect or no longer valid. Please check it, or request a new code.","code":"INVALID_OTP","requestId":"…"}');
  });

  it('PATCH /auth/registration-otp-verify: unknown email, no live code and wrong code answer byte-identically', async () => {
    const url = '/api/auth/registration-otp-verify';
    const withCode = await register(app);
    const live = codeIn((await mailTo(app, withCode.email))[0]!);
    const noCode = await register(app);
    await app.database.db.execute(sql`UPDATE one_time_codes SET consumed_at = now() WHERE user_id = (SELECT id FROM users WHERE email = ${noCode.email})`);

    const unknown = await answer(url, uniqueEmail('nobody'), '123456');
    expect(unknown.status).toBe(400);
    expect(await answer(url, noCode.email, '123456')).toEqual(unknown);
    expect(await answer(url, withCode.email, other(live))).toEqual(unknown);
  });
});
