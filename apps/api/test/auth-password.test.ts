import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, json } from './helper.ts';
import { PASSWORD, bearer, codeIn, login, mailTo, registerVerified, tokenIn, uniqueEmail } from './auth-helpers.ts';

const NEW_PASSWORD = 'Fresh-forest-77';

describe('password reset and change', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  const resetWith = (tk: string, password: string, confirmPassword = password) =>
    app.inject({ method: 'POST', url: `/api/auth/reset-password?tk=${tk}`, payload: { password, confirmPassword } });

  it('resets by link once, ends older sessions, and refuses the link a second time', async () => {
    const { email, token: oldToken } = await registerVerified(app);
    const request = await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    expect(json(request)).toEqual({ success: true, message: 'If an account exists for this email, we have sent a link to reset the password.' });
    const mail = (await mailTo(app, email)).find((m) => m.template === 'password-reset-link')!;
    expect(mail.text).toContain('/reset-password?tk=');
    const tk = tokenIn(mail);

    const mismatch = await resetWith(tk, NEW_PASSWORD, 'Different-pass-1');
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).fields.confirmPassword).toEqual(['The passwords do not match']);
    const weak = await resetWith(tk, 'abcdefgh');
    expect(json(weak).fields.password).toEqual(['Include at least one number']);

    const ok = await resetWith(tk, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
    const stale = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(oldToken) });
    expect(stale.statusCode).toBe(401);

    const reused = await resetWith(tk, 'Another-pass-99');
    expect(reused.statusCode).toBe(400);
    expect(json(reused).code).toBe('INVALID_TOKEN');
    expect((await mailTo(app, email)).some((m) => m.template === 'password-changed')).toBe(true);
  });

  it('refuses an expired reset link', async () => {
    const { email } = await registerVerified(app);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const tk = tokenIn((await mailTo(app, email)).find((m) => m.template === 'password-reset-link')!);
    await app.database.db.execute(sql`UPDATE action_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`);
    const response = await resetWith(tk, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe('INVALID_TOKEN');
  });

  it('refuses a password containing the email name on reset', async () => {
    const email = uniqueEmail('rosalind');
    await registerVerified(app, { email });
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const tk = tokenIn((await mailTo(app, email)).find((m) => m.template === 'password-reset-link')!);
    const local = email.split('@')[0];
    const response = await resetWith(tk, `${local}-9`);
    expect(response.statusCode).toBe(400);
    expect(json(response).fields.password).toContain('Do not use your email address in the password');
  });

  it('resets by code: code, then a reset token, then the new password', async () => {
    const { email } = await registerVerified(app);
    const send = await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email } });
    expect(json(send).message).toBe('If an account exists for this email, we have sent a code to reset the password.');
    const code = codeIn((await mailTo(app, email)).find((m) => m.template === 'password-reset-code')!);
    const wrong = await app.inject({ method: 'PATCH', url: '/api/auth/otp-verify', payload: { email, otp: code === '999999' ? '000000' : '999999' } });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe('INVALID_OTP');
    const right = await app.inject({ method: 'PATCH', url: '/api/auth/otp-verify', payload: { email, otp: code } });
    expect(right.statusCode).toBe(200);
    const { resetToken } = json(right).data;
    expect((await resetWith(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await app.inject({ method: 'PATCH', url: '/api/auth/otp-verify', payload: { email, otp: code } });
    expect(again.statusCode).toBe(400);
  });

  it('answers resets for unknown emails the same way and sends nothing', async () => {
    const email = uniqueEmail();
    const link = await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const code = await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email } });
    expect(link.statusCode).toBe(200);
    expect(code.statusCode).toBe(200);
    expect(await mailTo(app, email)).toHaveLength(0);
  });

  it('changes the password with the current one, without signing out on a wrong one', async () => {
    const { email, token } = await registerVerified(app);
    const wrong = await app.inject({
      method: 'PATCH',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'Not-my-password-1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).fields.currentPassword).toEqual(['Your current password is not correct']);
    const same = await app.inject({ method: 'PATCH', url: '/api/auth/change-password', headers: bearer(token), payload: { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(same.statusCode).toBe(400);
    const ok = await app.inject({ method: 'PATCH', url: '/api/auth/change-password', headers: bearer(token), payload: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const fresh = json(ok).token;
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'PATCH', url: '/api/auth/change-password', payload: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lifts a login lock when the password is reset', async () => {
    const { email } = await registerVerified(app);
    for (let i = 0; i < 5; i++) await login(app, email, 'Wrong-password-1');
    expect((await login(app, email, PASSWORD)).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const tk = tokenIn((await mailTo(app, email)).find((m) => m.template === 'password-reset-link')!);
    expect((await resetWith(tk, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
