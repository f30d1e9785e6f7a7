import { ALREADY_VERIFIED_MESSAGE, VERIFY_LINK_TTL_HOURS, type AlreadyVerifiedResponse, type RegisterBody } from '@app/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { emails } from '../mail/mail.templates.ts';
import { addMinutes, hashPassword, inTransaction, newLinkToken, passwordMatches, siteLink, tokenHash, greetingName, type AuthContext } from './auth.context.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import { checkCodeQuietly, issueCode, unknownCodeError } from './codes.ts';
import { choosePasswordAnswer, verifyContested } from './competing-sign-ups.ts';
import { keepSignUpProof, newSignUpProof, provesSignUp, retireSignUpProofs } from './sign-up-proof.ts';
import { makeSlug } from './slug.ts';
import { startSession } from './session.ts';

const REGISTERED_MESSAGE = 'Registration is successful';
const RESENT_MESSAGE = 'If this email belongs to an account that still needs verifying, we have sent a new verification email.';

/** Asking for another verification email of a verified account: a 409 (nothing to send). */
export const alreadyVerified = () => new AppError('USER_ALREADY_VERIFIED', ALREADY_VERIFIED_MESSAGE);

/** Verifying a verified account (by code or link) is a success, spec §4: 200 with data.code. */
const alreadyVerifiedAnswer = (): AlreadyVerifiedResponse => ({ success: true, message: ALREADY_VERIFIED_MESSAGE, data: { code: 'USER_ALREADY_VERIFIED' } });

/**
 * Register answers the same whether or not the email is taken, so it cannot be used to find
 * out who has an account: a new email gets the verification email, an unverified account gets
 * it again, and a verified one gets a note that someone tried to register with it.
 */
export async function register(ctx: AuthContext, body: RegisterBody) {
  const passwordHash = await hashPassword(body.password);
  // Every answer carries a fresh proof, stored only when it belongs to the account's password
  // (sign-up-proof.ts), so the answer itself still does not tell taken emails from new ones.
  const proof = newSignUpProof();
  const registered = { success: true as const, message: REGISTERED_MESSAGE, data: { email: body.email, signUpProof: proof.token } };
  const next = body.checkout ? '/other/checkout' : safePath(body.origin);
  const existing = await ctx.repo.findUserByEmail(body.email);
  // Checked on every path (against a dummy hash when there is no unverified account), so the
  // time register takes does not tell new, unverified and verified emails apart.
  const samePassword = await passwordMatches(existing && !existing.emailVerifiedAt ? existing : undefined, body.password);
  if (existing) {
    // At most one "you already have an account" note every 10 minutes, so register cannot flood an inbox.
    const notifyExisting = existing.emailVerifiedAt && (await ctx.mail.countRecent(existing.email, 'account-exists', addMinutes(ctx.now(), -10))) === 0;
    // A second sign-up of an unverified email with another password competes with the first:
    // neither password may then open the account (competing-sign-ups.ts). The same password is the same person.
    const competing = !existing.emailVerifiedAt && !existing.competingSignUps && !samePassword;
    await inTransaction(ctx, async (repo, enqueue) => {
      if (notifyExisting) {
        await enqueue(existing.email, emails.accountExists({ firstName: greetingName(existing), loginUrl: siteLink(ctx, '/login'), resetUrl: siteLink(ctx, '/forgot-password') }));
      } else if (!existing.emailVerifiedAt) {
        if (competing) await repo.markCompetingSignUps(existing.id);
        if (samePassword) await keepSignUpProof(ctx, repo, existing.id, proof.hash);
        await sendVerification(ctx, repo, enqueue, existing, next);
      }
    });
    return registered;
  }

  const referrer = body.referralId ? await findReferrer(ctx.repo, body.referralId) : undefined;
  try {
    await inTransaction(ctx, async (repo, enqueue) => {
      const user = await repo.insertUser({
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        slug: makeSlug(body.firstName, body.lastName),
        referredByUserId: referrer?.id ?? null,
      });
      await keepSignUpProof(ctx, repo, user.id, proof.hash);
      await sendVerification(ctx, repo, enqueue, user, next);
    });
  } catch (error) {
    // Two registrations of one email at the same moment: the loser answers like any taken email,
    // and with another password it competes with the winner like any later sign-up.
    if (!isUniqueViolation(error)) throw error;
    const winner = await ctx.repo.findUserByEmail(body.email);
    if (winner && !winner.emailVerifiedAt) {
      if (await passwordMatches(winner, body.password)) await keepSignUpProof(ctx, ctx.repo, winner.id, proof.hash);
      else await ctx.repo.markCompetingSignUps(winner.id);
    }
  }
  return registered;
}

/** One email carrying both the link and the 6-digit code (issue 3). */
export async function sendVerification(
  ctx: AuthContext,
  repo: AuthRepository,
  enqueue: (to: string, email: ReturnType<typeof emails.verifyAccount>) => Promise<void>,
  user: UserRow,
  next: string | null,
): Promise<boolean> {
  const code = await issueCode(ctx, repo, user.id, 'register');
  if (!code) return false;
  const link = newLinkToken();
  await repo.retireTokens(user.id, 'verify_email');
  await repo.insertToken({ userId: user.id, purpose: 'verify_email', tokenHash: link.hash, expiresAt: addMinutes(ctx.now(), VERIFY_LINK_TTL_HOURS * 60) });
  const query = new URLSearchParams({ tk: link.token, ...(next ? { next } : {}) });
  await enqueue(user.email, emails.verifyAccount({ firstName: null, code, link: siteLink(ctx, `/verify-account?${query}`) }));
  return true;
}

export async function resendVerification(ctx: AuthContext, email: string, options: { checkout?: boolean; origin?: string }) {
  const user = await ctx.repo.findUserByEmail(email);
  if (user?.emailVerifiedAt) throw alreadyVerified();
  if (user) {
    const next = options.checkout ? '/other/checkout' : safePath(options.origin);
    await inTransaction(ctx, (repo, enqueue) => sendVerification(ctx, repo, enqueue, user, next));
  }
  return { success: true as const, message: RESENT_MESSAGE };
}

/**
 * Whether this verification may keep the sign-up's password (and name): only with the proof of a
 * sign-up whose password is the account's, and no competing sign-ups. Otherwise the verifier has
 * proved the mailbox but not that they typed the password, and chooses it (decision 0005).
 */
async function keepsSignUp(repo: AuthRepository, user: UserRow, signUpProof: string | undefined): Promise<boolean> {
  return !user.competingSignUps && (await provesSignUp(repo, user.id, signUpProof));
}

/**
 * The 6-digit code from the email: verifies the account and signs the person in when the sign-up
 * proof shows this is the browser that signed up; otherwise the verifier chooses the password.
 */
export async function verifyRegistrationCode(ctx: AuthContext, email: string, otp: string, signUpProof?: string) {
  const user = await ctx.repo.findUserByEmail(email);
  if (!user) throw unknownCodeError();
  if (user.emailVerifiedAt) return alreadyVerifiedAnswer();
  // Checked outside the transaction: a wrong try must stay counted, and using the code is atomic.
  await checkCodeQuietly(ctx, ctx.repo, user.id, 'register', otp);
  const outcome = await inTransaction(ctx, async (repo) => {
    const current = (await repo.lockUser(user.id))!;
    const competing = current.competingSignUps;
    if (!(await keepsSignUp(repo, current, signUpProof))) return { contested: await verifyContested(ctx, repo, current), competing };
    await repo.retireTokens(user.id, 'verify_email');
    await retireSignUpProofs(repo, user.id);
    return { verified: await repo.updateUser(user.id, { emailVerifiedAt: ctx.now() }) };
  });
  if (outcome.contested) return choosePasswordAnswer(outcome.contested.user.email, outcome.contested.resetToken, outcome.competing);
  return startSession(ctx, outcome.verified!, 'Email Verification Successfull!');
}

/**
 * The link from the email: verifies the account; with the sign-up proof of the browser that
 * signed up it signs the person in, like the code; otherwise they choose the password now.
 */
export async function verifyRegistrationLink(ctx: AuthContext, token: string, signUpProof?: string) {
  const hash = tokenHash(token);
  const used = await inTransaction(ctx, async (repo) => {
    const row = await repo.useToken(hash, 'verify_email');
    if (!row) return null;
    const user = await repo.lockUser(row.userId);
    if (!user) return null;
    if (user.emailVerifiedAt) return { user, already: true };
    if (!(await keepsSignUp(repo, user, signUpProof))) {
      const competing = user.competingSignUps;
      const contested = await verifyContested(ctx, repo, user);
      return { user: contested.user, already: false, resetToken: contested.resetToken, competing };
    }
    await repo.retireCodes(user.id, 'register');
    await retireSignUpProofs(repo, user.id);
    return { user: await repo.updateUser(user.id, { emailVerifiedAt: ctx.now() }), already: false };
  });
  if (!used) {
    const known = await ctx.repo.findToken(hash);
    const owner = known ? await ctx.repo.findUserById(known.userId) : undefined;
    if (owner?.emailVerifiedAt) return alreadyVerifiedAnswer();
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired. Please request a new one.');
  }
  if (used.already) return alreadyVerifiedAnswer();
  if ('resetToken' in used && used.resetToken) return choosePasswordAnswer(used.user.email, used.resetToken, used.competing);
  // Mailbox and sign-up both proven, as with the code: the browser that signed up is signed in.
  return startSession(ctx, used.user, 'Email Verification Successfull!');
}

export function verificationStatus(user: UserRow, email: string) {
  if (user.email !== email) throw new AppError('FORBIDDEN', 'You can only check the verification status of your own email');
  return { success: true as const, data: { email: user.email, verified: Boolean(user.emailVerifiedAt) } };
}

async function findReferrer(repo: AuthRepository, referralId: string) {
  const bySlug = await repo.findUserBySlug(referralId.toLowerCase());
  if (bySlug) return bySlug;
  return /^[0-9a-f-]{36}$/i.test(referralId) ? repo.findUserById(referralId) : undefined;
}

/** Only a path on our own site may follow a verification, never another host. */
function safePath(origin: string | undefined): string | null {
  if (!origin) return null;
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(origin) ? origin : null;
}

