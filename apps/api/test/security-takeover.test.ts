import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { bearer, codeIn, login, mailTo, register, registerVerified, tokenIn, uniqueEmail } from './auth-helpers.ts';

/**
 * Issue 6, items 1 and 6: taking over an email by signing it up first (pre-hijacking), and text
 * a sign-up typed reaching an inbox whose owner never confirmed it. Through the real routes and
 * the real outbox.
 */
const ATTACKER = { firstName: 'Attacker', lastName: 'Mallory', password: 'Attacker-chose-this-1', confirmPassword: 'Attacker-chose-this-1' };
const VICTIM = { firstName: 'Victoria', lastName: 'Owner', password: 'Victims-own-secret-2', confirmPassword: 'Victims-own-secret-2' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(async () => {
  await app.close();
});

const verifyByCode = (email: string, otp: string, signUpProof?: string) =>
  app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp, signUpProof } });
const choosePassword = (tk: string, password: string) =>
  app.inject({ method: 'POST', url: `/api/auth/reset-password?tk=${encodeURIComponent(tk)}`, payload: { password, confirmPassword: password } });

/** Nothing either sign-up typed (names, passwords) appears in any email to the address. */
async function expectNoTypedTextInMail(email: string) {
  const mails = await mailTo(app, email);
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    for (const typed of [ATTACKER.firstName, ATTACKER.lastName, ATTACKER.password, VICTIM.firstName, VICTIM.lastName, VICTIM.password]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
  }
  return mails;
}

/** After competing sign-ups the verifier chooses the password; only that password opens the account. */
async function victimTakesTheAccount(email: string, verify: () => Promise<{ statusCode: number; body: string }>) {
  const verified = await verify();
  expect(verified.statusCode).toBe(200);
  const answer = json(verified);
  expect(answer).toMatchObject({ success: true, data: { email, choosePassword: true } });
  expect(answer.token).toBeUndefined(); // no session yet: no sign-up's password is the account's
  expect((await login(app, email, ATTACKER.password)).statusCode).toBe(401);

  expect((await choosePassword(answer.data.resetToken, VICTIM.password)).statusCode).toBe(200);
  const victim = await login(app, email, VICTIM.password);
  expect(victim.statusCode).toBe(200);
  const attacker = await login(app, email, ATTACKER.password);
  expect(attacker.statusCode).toBe(401);
  expect(json(attacker).code).toBe('INVALID_CREDENTIALS');
  const me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(json(victim).token) }));
  expect(me.data.firstName).not.toBe(ATTACKER.firstName);
  expect(me.data.lastName).not.toBe(ATTACKER.lastName);
  expect(me.slug.toLowerCase()).not.toContain('attacker');
}

describe('pre-registration takeover (issue 6.1)', () => {
  it('attacker signs up first, the victim later and verifies by code: only the password the victim chooses works', async () => {
    const email = uniqueEmail('victim');
    expect((await register(app, { email, ...ATTACKER })).response.statusCode).toBe(201);
    expect((await register(app, { email, ...VICTIM })).response.statusCode).toBe(201);
    const [mail] = await expectNoTypedTextInMail(email);
    await victimTakesTheAccount(email, () => verifyByCode(email, codeIn(mail!)));
    await expectNoTypedTextInMail(email);
  });

  it('victim signs up first, the attacker later; the victim verifies by link: the same', async () => {
    const email = uniqueEmail('victim');
    expect((await register(app, { email, ...VICTIM })).response.statusCode).toBe(201);
    expect((await register(app, { email, ...ATTACKER })).response.statusCode).toBe(201);
    const [mail] = await expectNoTypedTextInMail(email);
    await victimTakesTheAccount(email, () => app.inject({ method: 'GET', url: `/api/auth/verify-account?tk=${tokenIn(mail!)}` }));
  });

  it('before verification the attacker cannot use a reset of their own, and a password reset by the owner clears the sign-ups', async () => {
    const email = uniqueEmail('victim');
    await register(app, { email, ...ATTACKER });
    await register(app, { email, ...VICTIM });
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const reset = (await expectNoTypedTextInMail(email)).find((m) => m.template === 'password-reset-link')!;
    expect((await choosePassword(tokenIn(reset), VICTIM.password)).statusCode).toBe(200);
    expect((await login(app, email, ATTACKER.password)).statusCode).toBe(401);
    const victim = await login(app, email, VICTIM.password);
    expect(victim.statusCode).toBe(200);
    expect(json(victim).user.firstName).toBe('');
  });

  it('one sign-up, or the same person signing up twice with the same password, verifies with either proof and signs in directly', async () => {
    const email = uniqueEmail('single');
    const first = await register(app, { email, ...VICTIM });
    await register(app, { email, ...VICTIM, firstName: 'Vicky' });
    const verified = await verifyByCode(email, codeIn((await mailTo(app, email))[0]!), first.signUpProof);
    expect(verified.statusCode).toBe(200);
    expect(json(verified).token).toEqual(expect.any(String));
    expect((await login(app, email, VICTIM.password)).statusCode).toBe(200);
  });

  it('keeps USER_ALREADY_VERIFIED on the registration routes (spec §8)', async () => {
    const { email } = await registerVerified(app);
    const resend = await app.inject({ method: 'PATCH', url: '/api/auth/resend-otp-register', payload: { email } });
    expect(resend.statusCode).toBe(409);
    expect(json(resend).code).toBe('USER_ALREADY_VERIFIED');
  });
});

describe('mail to unverified addresses carries no typed text (issue 6.6)', () => {
  const LURE = 'Click https://evil.example/reset to keep your account';

  it('the verification email and a reset email to an unverified address greet nobody by name', async () => {
    const email = uniqueEmail('lure');
    await register(app, { email, firstName: LURE });
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    await app.inject({ method: 'PATCH', url: '/api/auth/otp-reset-password', payload: { email } });
    const mails = await mailTo(app, email);
    expect(mails.map((m) => m.template).sort()).toEqual(['password-reset-code', 'password-reset-link', 'verify-account']);
    for (const mail of mails) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
    }
  });

  it('codes sent to a new recovery or login address do not carry the account name either', async () => {
    const { token } = await registerVerified(app, { firstName: LURE });
    const recovery = uniqueEmail('recovery');
    const primary = uniqueEmail('primary');
    expect((await app.inject({ method: 'PATCH', url: '/api/auth/update-recovery-email', headers: bearer(token), payload: { recoveryEmail: recovery } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PATCH', url: '/api/auth/update-primary-email', headers: bearer(token), payload: { email: primary } })).statusCode).toBe(200);
    for (const address of [recovery, primary]) {
      const [mail] = await mailTo(app, address);
      expect(mail!.text).not.toContain('evil.example');
      expect(mail!.html).not.toContain('evil.example');
    }
  });

  it('a verified owner is still greeted by name', async () => {
    const { email } = await registerVerified(app, { firstName: 'Ada' });
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-link', payload: { email } });
    const reset = (await mailTo(app, email)).find((m) => m.template === 'password-reset-link')!;
    expect(reset.text.startsWith('Hello Ada,')).toBe(true);
  });
});

describe('sign-ups at the same moment (issue 6.1)', () => {
  // On PostgreSQL the two requests really race and one insert loses on the unique email (the
  // branch this guards); PGlite serialises them, so there it is the sequential case again.
  it('two simultaneous sign-ups of a new email with different passwords compete like sequential ones', async () => {
    const email = uniqueEmail('race');
    const [first, second] = await Promise.all([register(app, { email, ...ATTACKER }), register(app, { email, ...VICTIM })]);
    expect([first.response.statusCode, second.response.statusCode]).toEqual([201, 201]);
    const [mail] = await mailTo(app, email);
    const verified = json(await verifyByCode(email, codeIn(mail!)));
    expect(verified.data?.choosePassword).toBe(true);
    expect((await login(app, email, ATTACKER.password)).statusCode).toBe(401);
    expect((await login(app, email, VICTIM.password)).statusCode).toBe(401);
  });
});
