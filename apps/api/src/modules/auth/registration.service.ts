import { VERIFY_LINK_TTL_HOURS, type RegisterBody } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import { emails } from '../mail/mail.templates.ts';
import { addMinutes, hashPassword, inTransaction, newLinkToken, publicUser, siteLink, tokenHash, type AuthContext } from './auth.context.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import { checkCode, issueCode, unknownCodeError } from './codes.ts';
import { startSession } from './session.ts';

const REGISTERED_MESSAGE = 'Registration is successful';
const RESENT_MESSAGE = 'If this email belongs to an account that still needs verifying, we have sent a new verification email.';

export const alreadyVerified = () => new AppError('USER_ALREADY_VERIFIED', 'Email Already Verified');

/**
 * Register answers the same whether or not the email is taken, so it cannot be used to find
 * out who has an account: a new email gets the verification email, an unverified account gets
 * it again, and a verified one gets a note that someone tried to register with it.
 */
export async function register(ctx: AuthContext, body: RegisterBody) {
  const passwordHash = await hashPassword(body.password);
  const next = body.checkout ? '/other/checkout' : safePath(body.origin);
  const existing = await ctx.repo.findUserByEmail(body.email);
  if (existing) {
    // At most one "you already have an account" note every 10 minutes, so register cannot flood an inbox.
    const notifyExisting = existing.emailVerifiedAt && (await ctx.mail.countRecent(existing.email, 'account-exists', addMinutes(ctx.now(), -10))) === 0;
    await inTransaction(ctx, async (repo, enqueue) => {
      if (notifyExisting) {
        await enqueue(existing.email, emails.accountExists({ firstName: existing.firstName, loginUrl: siteLink(ctx, '/login'), resetUrl: siteLink(ctx, '/forgot-password') }));
      } else if (!existing.emailVerifiedAt) {
        await sendVerification(ctx, repo, enqueue, existing, next);
      }
    });
    return { success: true as const, message: REGISTERED_MESSAGE, data: { email: body.email } };
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
      await sendVerification(ctx, repo, enqueue, user, next);
    });
  } catch (error) {
    // Two registrations of one email at the same moment: the loser answers like any taken email.
    if (!isUniqueViolation(error)) throw error;
  }
  return { success: true as const, message: REGISTERED_MESSAGE, data: { email: body.email } };
}

/** One email carrying both the link and the 6-digit code (issue 3). */
async function sendVerification(
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
  await enqueue(user.email, emails.verifyAccount({ firstName: user.firstName, code, link: siteLink(ctx, `/verify-account?${query}`) }));
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

/** The 6-digit code from the email: verifies the account and signs the person in. */
export async function verifyRegistrationCode(ctx: AuthContext, email: string, otp: string) {
  const user = await ctx.repo.findUserByEmail(email);
  if (!user) throw unknownCodeError();
  if (user.emailVerifiedAt) throw alreadyVerified();
  // Checked outside the transaction: a wrong try must stay counted, and using the code is atomic.
  await checkCode(ctx, ctx.repo, user.id, 'register', otp);
  const verified = await inTransaction(ctx, async (repo) => {
    await repo.retireTokens(user.id, 'verify_email');
    return repo.updateUser(user.id, { emailVerifiedAt: ctx.now() });
  });
  return startSession(ctx, verified, 'Email Verification Successfull!');
}

/** The link from the email: verifies the account; the person then logs in. */
export async function verifyRegistrationLink(ctx: AuthContext, token: string) {
  const hash = tokenHash(token);
  const used = await inTransaction(ctx, async (repo) => {
    const row = await repo.useToken(hash, 'verify_email');
    if (!row) return null;
    const user = await repo.findUserById(row.userId);
    if (!user) return null;
    if (user.emailVerifiedAt) return { user, already: true };
    await repo.retireCodes(user.id, 'register');
    return { user: await repo.updateUser(user.id, { emailVerifiedAt: ctx.now() }), already: false };
  });
  if (!used) {
    const known = await ctx.repo.findToken(hash);
    const owner = known ? await ctx.repo.findUserById(known.userId) : undefined;
    if (owner?.emailVerifiedAt) throw alreadyVerified();
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired. Please request a new one.');
  }
  if (used.already) throw alreadyVerified();
  return { success: true as const, message: 'Email Verification Successfull!', data: { email: used.user.email, user: publicUser(used.user) } };
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

export function makeSlug(firstName: string, lastName: string): string {
  const base = `${firstName}-${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'member'}-${Math.random().toString(36).slice(2, 8)}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
