import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json } from './helper.ts';
import { PASSWORD, bearer, codeIn, login, mailTo, registerVerified, uniqueEmail } from './auth-helpers.ts';

describe('recovery and primary email changes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  const patch = (url: string, token: string, payload: object) => app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

  it('saves a recovery email only after the code sent to it', async () => {
    const { email, token } = await registerVerified(app);
    const same = await patch('/api/auth/update-recovery-email', token, { recoveryEmail: email });
    expect(same.statusCode).toBe(400);
    const recovery = uniqueEmail('backup');
    const sent = await patch('/api/auth/update-recovery-email', token, { recoveryEmail: recovery });
    expect(json(sent).message).toBe(`We have sent a code to ${recovery}.`);
    const code = codeIn((await mailTo(app, recovery))[0]);
    const wrong = await patch('/api/auth/recovery-email-otp-verify', token, { otp: code === '123123' ? '321321' : '123123' });
    expect(wrong.statusCode).toBe(400);
    let me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }));
    expect(me.data.recoveryEmail).toBeNull();
    const right = await patch('/api/auth/recovery-email-otp-verify', token, { otp: code });
    expect(right.statusCode).toBe(200);
    me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }));
    expect(me.data.recoveryEmail).toBe(recovery);
  });

  it('changes the login email in three steps: code to the new address, code check, password', async () => {
    const { email, token } = await registerVerified(app);
    const other = await registerVerified(app);
    const taken = await patch('/api/auth/update-primary-email', token, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).code).toBe('EMAIL_TAKEN');

    const newEmail = uniqueEmail('moved');
    const step1 = await patch('/api/auth/update-primary-email', token, { email: newEmail });
    expect(step1.statusCode).toBe(200);
    expect(json(step1).data).toMatchObject({ email: newEmail, attemptsLeft: 2, isEmailChangeAttemptLeft: true });
    const code = codeIn((await mailTo(app, newEmail))[0]);
    const step2 = await patch('/api/auth/primary-email-otp-verify', token, { otp: code });
    expect(step2.statusCode).toBe(200);
    const { tk } = json(step2).data;

    const wrongPassword = await app.inject({ method: 'PATCH', url: `/api/auth/primary-email-password-verify?tk=${tk}`, headers: bearer(token), payload: { password: 'Not-it-123' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(json(wrongPassword).fields.password).toEqual(['Your password is not correct']);
    const intruder = await app.inject({ method: 'PATCH', url: `/api/auth/primary-email-password-verify?tk=${tk}`, headers: bearer(other.token), payload: { password: PASSWORD } });
    expect(intruder.statusCode).toBe(400);
    expect(json(intruder).code).toBe('INVALID_TOKEN');

    const step3 = await app.inject({ method: 'PATCH', url: `/api/auth/primary-email-password-verify?tk=${tk}`, headers: bearer(token), payload: { password: PASSWORD } });
    expect(step3.statusCode).toBe(200);
    expect(json(step3).data.email).toBe(newEmail);
    expect((await login(app, newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
    expect((await mailTo(app, email)).some((m) => m.template === 'primary-email-changed' && m.text.includes(newEmail))).toBe(true);
    const replay = await app.inject({ method: 'PATCH', url: `/api/auth/primary-email-password-verify?tk=${tk}`, headers: bearer(token), payload: { password: PASSWORD } });
    expect(json(replay).code).toBe('INVALID_TOKEN');
  });

  it('allows three email-change requests a day', async () => {
    const { token } = await registerVerified(app);
    const { sql } = await import('drizzle-orm');
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await patch('/api/auth/update-primary-email', token, { email: uniqueEmail('try') })).statusCode);
      // Skip the one-minute resend pause between requests; the daily cap is what is tested here.
      await app.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes' WHERE purpose = 'primary_email'`);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
