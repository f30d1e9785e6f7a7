import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { bearer, codeIn, login, mailTo, register, registerVerified, tokenIn, uniqueEmail } from './auth-helpers.ts';

/**
 * Issue 6.1, the case decision 0005 first left open: an attacker signs up `victim@…` alone with a
 * password of their own; the victim never signs up but verifies from the mail (code or link).
 * Proving the mailbox is not proving who typed the password, so without the sign-up's proof
 * (which only the signing-up browser received) the verifier chooses the password.
 */
const ATTACKER = { firstName: 'Attacker', lastName: 'Mallory', password: 'Attacker-chose-this-1', confirmPassword: 'Attacker-chose-this-1' };
const VICTIM_PASSWORD = 'Victims-own-secret-2';
/** The right shape (43 base64url characters) but issued to nobody. */
const MADE_UP_PROOF = 'A'.repeat(43);

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(async () => {
  await app.close();
});

const verifyByCode = (email: string, otp: string, signUpProof?: string) =>
  app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp, ...(signUpProof ? { signUpProof } : {}) } });
const verifyByLink = (tk: string, signUpProof?: string) =>
  app.inject({ method: 'GET', url: `/api/auth/verify-account?${new URLSearchParams({ tk, ...(signUpProof ? { signUpProof } : {}) })}` });
const choosePassword = (tk: string, password: string) =>
  app.inject({ method: 'POST', url: `/api/auth/reset-password?tk=${encodeURIComponent(tk)}`, payload: { password, confirmPassword: password } });

/** The attacker alone signs the victim's address up; returns the mail the victim receives. */
async function attackerSignsUpAlone() {
  const email = uniqueEmail('victim');
  const signedUp = await register(app, { email, ...ATTACKER });
  expect(signedUp.response.statusCode).toBe(201);
  const [mail] = await mailTo(app, email);
  return { email, mail: mail!, attackerProof: signedUp.signUpProof! };
}

/** The verifier proved the mailbox only: no session, no sign-up's password or name; the password they choose works. */
async function verifierChoosesThePassword(email: string, verified: { statusCode: number; body: string }) {
  expect(verified.statusCode).toBe(200);
  const answer = json(verified);
  expect(answer).toMatchObject({ success: true, data: { email, choosePassword: true, resetToken: expect.any(String) } });
  expect(answer.token).toBeUndefined();
  expect((await login(app, email, ATTACKER.password)).statusCode).toBe(401);
  expect((await choosePassword(answer.data.resetToken, VICTIM_PASSWORD)).statusCode).toBe(200);
  const victim = await login(app, email, VICTIM_PASSWORD);
  expect(victim.statusCode).toBe(200);
  expect((await login(app, email, ATTACKER.password)).statusCode).toBe(401);
  const me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(json(victim).token) }));
  expect(me.data.firstName).toBe('');
  expect(me.slug.toLowerCase()).not.toContain('attacker');
}

describe('a single sign-up verified by someone else (issue 6.1, decision 0005)', () => {
  it('register answers a sign-up proof (32+ random bytes), a new one each time, whether or not the email is taken', async () => {
    const { email } = await registerVerified(app);
    const proofs = [];
    for (const target of [uniqueEmail('new'), email, email]) {
      const { response, signUpProof } = await register(app, { email: target });
      expect(response.statusCode).toBe(201);
      expect(Object.keys(json(response).data).sort()).toEqual(['email', 'signUpProof']);
      expect(signUpProof).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      proofs.push(signUpProof);
    }
    expect(new Set(proofs).size).toBe(3);
  });

  it('the victim verifies by code without a proof: the attacker’s password fails, the victim chooses one', async () => {
    const { email, mail } = await attackerSignsUpAlone();
    await verifierChoosesThePassword(email, await verifyByCode(email, codeIn(mail)));
  });

  it('the victim verifies by link without a proof: the same', async () => {
    const { email, mail } = await attackerSignsUpAlone();
    await verifierChoosesThePassword(email, await verifyByLink(tokenIn(mail)));
  });

  it('a made-up proof counts as none (code and link)', async () => {
    const byCode = await attackerSignsUpAlone();
    await verifierChoosesThePassword(byCode.email, await verifyByCode(byCode.email, codeIn(byCode.mail), MADE_UP_PROOF));
    const byLink = await attackerSignsUpAlone();
    await verifierChoosesThePassword(byLink.email, await verifyByLink(tokenIn(byLink.mail), MADE_UP_PROOF));
  });

  it('a proof works only for the email it was issued for', async () => {
    const other = await register(app, { email: uniqueEmail('attacker-own') });
    const { email, mail } = await attackerSignsUpAlone();
    await verifierChoosesThePassword(email, await verifyByCode(email, codeIn(mail), other.signUpProof));
  });

  it('competing sign-ups choose the password even with the first sign-up’s proof', async () => {
    const { email, mail, attackerProof } = await attackerSignsUpAlone();
    await register(app, { email, password: VICTIM_PASSWORD, confirmPassword: VICTIM_PASSWORD });
    await verifierChoosesThePassword(email, await verifyByCode(email, codeIn(mail), attackerProof));
  });

  it('the browser that signed up verifies by code with its proof: signed in, with the sign-up’s password and name', async () => {
    const email = uniqueEmail('owner');
    const { signUpProof } = await register(app, { email, ...ATTACKER, firstName: 'Ada' });
    const verified = await verifyByCode(email, codeIn((await mailTo(app, email))[0]!), signUpProof);
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ token: expect.any(String), user: { email, firstName: 'Ada' } });
    expect((await login(app, email, ATTACKER.password)).statusCode).toBe(200);
  });

  it('the browser that signed up verifies by link with its proof: signed in, with the sign-up’s password', async () => {
    const email = uniqueEmail('owner');
    const { signUpProof } = await register(app, { email, ...ATTACKER, firstName: 'Ada' });
    const verified = await verifyByLink(tokenIn((await mailTo(app, email))[0]!), signUpProof);
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ message: 'Email Verification Successfull!', token: expect.any(String), user: { email, firstName: 'Ada' } });
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(json(verified).token) });
    expect(me.statusCode).toBe(200);
    expect((await login(app, email, ATTACKER.password)).statusCode).toBe(200);
  });

  it('a malformed proof is a 400 naming the field, and changes nothing', async () => {
    const { email, mail, attackerProof } = await attackerSignsUpAlone();
    const bad = await verifyByCode(email, codeIn(mail), 'not a proof');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { signUpProof: ['The sign-up proof is not valid'] } });
    const good = await verifyByCode(email, codeIn(mail), attackerProof);
    expect(json(good).token).toEqual(expect.any(String));
  });
});
