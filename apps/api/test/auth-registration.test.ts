import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, json } from './helper.ts';
import { PASSWORD, bearer, codeIn, login, mailTo, register, registerVerified, tokenIn, uniqueEmail } from './auth-helpers.ts';

const UNIFORM_CODE_MESSAGE = 'The code is incorrect or no longer valid. Please check it, or request a new code.';

describe('registration and email verification', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates an unverified account and sends one email with both a link and a 6-digit code', async () => {
    const { email, response } = await register(app);
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ success: true, message: 'Registration is successful', data: { email } });
    const mails = await mailTo(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Verify your email/);
    expect(codeIn(mails[0])).toMatch(/^\d{6}$/);
    expect(mails[0].text).toContain('/verify-account?tk=');
    expect(mails[0].html).toContain('Verify email');
    const blocked = await login(app, email, PASSWORD);
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email });
  });

  it('normalises the email and rejects bad input with field messages', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: '', lastName: 'X', email: 'not-an-email', password: 'short' } });
    expect(bad.statusCode).toBe(400);
    const body = json(bad);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields.email).toEqual(['Enter a valid email address']);
    expect(body.fields.firstName).toBeDefined();
    expect(body.fields.password).toEqual(expect.arrayContaining(['Use at least 8 characters', 'Include at least one number']));
    const mismatch = await register(app, { confirmPassword: 'Something-else-1' });
    expect(json(mismatch.response).fields.confirmPassword).toEqual(['The passwords do not match']);
    const common = await register(app, { password: 'password123', confirmPassword: 'password123' });
    expect(json(common.response).fields.password).toContain('This password is too common; choose another');
    const mixedCase = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const created = await register(app, { email: `  ${mixedCase.toUpperCase()} ` });
    expect(created.response.statusCode).toBe(201);
    expect(await mailTo(app, mixedCase.toLowerCase())).toHaveLength(1);
  });

  it('verifies with the code, signs in, and then says USER_ALREADY_VERIFIED', async () => {
    const { email, signUpProof } = await register(app);
    const [mail] = await mailTo(app, email);
    const response = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: codeIn(mail), signUpProof } });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.message).toBe('Email Verification Successfull!');
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email, firstName: 'Ada', lastName: 'Green' });
    expect(Object.keys(body.user).sort()).toEqual(['_id', 'createdAt', 'email', 'firstName', 'lastName']);
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    const again = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: codeIn(mail) } });
    // Spec §4: verifying again is a success whose data.code says it was verified already.
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ success: true, message: 'Email Already Verified', data: { code: 'USER_ALREADY_VERIFIED' } });
    const resend = await app.inject({ method: 'PATCH', url: '/api/auth/resend-otp-register', payload: { email } });
    expect(json(resend).code).toBe('USER_ALREADY_VERIFIED');
  });

  it('answers a wrong code with 400, and after 5 wrong tries refuses even the right code, all in one uniform answer', async () => {
    const { email } = await register(app);
    const code = codeIn((await mailTo(app, email))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: wrong } });
      expect(response.statusCode).toBe(400);
      messages.push(json(response).message);
    }
    // No tries-left count: it would tell an email with a live code from an unknown one (decision 0005).
    expect(new Set(messages)).toEqual(new Set([UNIFORM_CODE_MESSAGE]));
    const right = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: code } });
    expect(right.statusCode).toBe(400);
    expect(json(right)).toMatchObject({ code: 'INVALID_OTP', message: UNIFORM_CODE_MESSAGE });
  });

  it('refuses an expired code', async () => {
    const { email } = await register(app);
    const code = codeIn((await mailTo(app, email))[0]);
    await app.database.db.execute(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = ${email})`);
    const response = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: code } });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'INVALID_OTP', message: UNIFORM_CODE_MESSAGE });
  });

  it('throttles resends, and a resent code replaces the old one', async () => {
    const { email, signUpProof } = await register(app);
    const first = codeIn((await mailTo(app, email))[0]);
    const tooSoon = await app.inject({ method: 'PATCH', url: '/api/auth/resend-otp-register', payload: { email, checkout: true } });
    expect(tooSoon.statusCode).toBe(200);
    expect(await mailTo(app, email)).toHaveLength(1);
    await app.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE email = ${email})`);
    const resent = await app.inject({ method: 'PATCH', url: '/api/auth/resend-otp-register', payload: { email, checkout: true } });
    expect(resent.statusCode).toBe(200);
    const mails = await mailTo(app, email);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('next=%2Fother%2Fcheckout');
    const second = codeIn(mails[0]);
    if (second !== first) {
      const old = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: first } });
      expect(old.statusCode).toBe(400);
    }
    const ok = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: second, signUpProof } });
    expect(ok.statusCode).toBe(200);
  });

  it('verifies with the link once; the link then says USER_ALREADY_VERIFIED, a forged one INVALID_TOKEN', async () => {
    const { email, signUpProof } = await register(app);
    const token = tokenIn((await mailTo(app, email))[0]);
    const response = await app.inject({ method: 'GET', url: `/api/auth/verify-account?tk=${token}&signUpProof=${signUpProof}` });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ success: true, message: 'Email Verification Successfull!', token: expect.any(String), user: { email } });
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    const reused = await app.inject({ method: 'GET', url: `/api/auth/verify-account?tk=${token}` });
    expect(reused.statusCode).toBe(200);
    expect(json(reused).data.code).toBe('USER_ALREADY_VERIFIED');
    const forged = await app.inject({ method: 'GET', url: `/api/auth/verify-account?tk=${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
    expect(json(forged).code).toBe('INVALID_TOKEN');
    const resendLink = await app.inject({ method: 'PATCH', url: '/api/auth/resend-registration-link', payload: { email, origin: 'https://evil.example' } });
    expect(json(resendLink).code).toBe('USER_ALREADY_VERIFIED');
  });

  it('does not reveal whether an email is registered', async () => {
    const { email } = await registerVerified(app);
    const taken = await register(app, { email, firstName: 'Mallory' });
    const fresh = await register(app);
    expect(taken.response.statusCode).toBe(fresh.response.statusCode);
    expect(json(taken.response).message).toBe(json(fresh.response).message);
    const mails = await mailTo(app, email);
    expect(mails[0].template).toBe('account-exists');
    const unknownResend = await app.inject({ method: 'PATCH', url: '/api/auth/resend-registration-link', payload: { email: uniqueEmail() } });
    expect(unknownResend.statusCode).toBe(200);
    const unknownCode = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email: uniqueEmail(), otp: '123456' } });
    expect(unknownCode.statusCode).toBe(400);
    expect(json(unknownCode).code).toBe('INVALID_OTP');
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('tells signed-in users the verification status of their own email only', async () => {
    const { email, token } = await registerVerified(app);
    const own = await app.inject({ method: 'GET', url: `/api/auth/email-verification-status/${encodeURIComponent(email)}`, headers: bearer(token) });
    expect(json(own)).toEqual({ success: true, data: { email, verified: true } });
    const other = await app.inject({ method: 'GET', url: `/api/auth/email-verification-status/${encodeURIComponent(uniqueEmail())}`, headers: bearer(token) });
    expect(other.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: `/api/auth/email-verification-status/${encodeURIComponent(email)}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records who referred a new customer and counts it in their stats', async () => {
    const referrer = await registerVerified(app);
    const me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(referrer.token) }));
    const deeplink = json(await app.inject({ method: 'GET', url: '/api/auth/referral/deeplink', headers: bearer(referrer.token) }));
    expect(deeplink.url).toContain(`?RID=${me.data._id}`);
    await registerVerified(app, { referralId: me.slug });
    const stats = json(await app.inject({ method: 'GET', url: '/api/auth/referral/stats?periodType=month', headers: bearer(referrer.token) }));
    expect(stats.data.totalReferrals).toBe(1);
    expect(stats.data.series).toHaveLength(1);
    expect(stats.data.series[0].count).toBe(1);
    const earnings = json(await app.inject({ method: 'GET', url: '/api/auth/referral/earning/stats?periodType=year', headers: bearer(referrer.token) }));
    expect(earnings.data).toEqual({ periodType: 'year', totalsMinor: {}, paidOrders: 0, series: [] });
    const badPeriod = await app.inject({ method: 'GET', url: '/api/auth/referral/stats?periodType=decade', headers: bearer(referrer.token) });
    expect(badPeriod.statusCode).toBe(400);
  });
});
