import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILED_ATTEMPTS } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import { emails } from '../mail/mail.templates.ts';
import { addMinutes, inTransaction, passwordMatches, siteLink, greetingName, type AuthContext } from './auth.context.ts';
import type { LoginThrottleRow } from './auth.repository.ts';
import { applyCurrencyChoice, type CurrencyChoice } from './currency.ts';
import { startSession } from './session.ts';

/** Failures older than this no longer count towards a lock. */
const FAILURE_WINDOW_MINUTES = 24 * 60;
/** At most one "account locked" email per account in this many minutes. */
const LOCK_EMAIL_EVERY_MINUTES = 24 * 60;
const LOCK_EMAIL_TEMPLATE = 'account-locked';

function formatUntil(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function lockedError(throttle: LoginThrottleRow) {
  const until = throttle.lockedUntil!;
  return new AppError(
    'ACCOUNT_LOCKED',
    `Too many failed login attempts. Your account is locked until ${formatUntil(until)}. Try again then, or reset your password.`,
    { extra: { loginAttemptCount: throttle.failedCount, lockedUntil: until.toISOString() } },
  );
}

/**
 * Login (spec §3, §8). Failed attempts are counted per email, registered or not, so answers
 * look the same for unknown emails; from the 5th failure the email is locked for a while.
 */
export async function login(ctx: AuthContext, body: { userId: string; password: string; temporaryCheckoutCurrency?: CurrencyChoice }) {
  const email = body.userId;
  const now = ctx.now();
  const throttle = await ctx.repo.getThrottle(email);
  if (throttle?.lockedUntil && throttle.lockedUntil > now) throw lockedError(throttle);

  const user = await ctx.repo.findUserByEmail(email);
  if (!(await passwordMatches(user, body.password))) {
    // Read before the transaction (PGlite has one connection, which the transaction holds).
    const lockEmailDue = user ? (await ctx.mail.countRecent(user.email, LOCK_EMAIL_TEMPLATE, addMinutes(now, -LOCK_EMAIL_EVERY_MINUTES))) === 0 : false;
    const counted = await inTransaction(ctx, async (repo, enqueue) => {
      const row = await repo.lockThrottle(email);
      const stale = (row.lockedUntil && row.lockedUntil <= now) || (row.lastFailedAt && row.lastFailedAt < addMinutes(now, -FAILURE_WINDOW_MINUTES));
      const failedCount = (stale ? 0 : row.failedCount) + 1;
      const lockedUntil = failedCount >= LOGIN_MAX_FAILED_ATTEMPTS ? addMinutes(now, LOGIN_LOCK_MINUTES) : null;
      const updated = { email, failedCount, lockedUntil, lastFailedAt: now };
      await repo.saveThrottle(updated);
      // The lock protects the account; its email only informs. Anyone can trigger locks, so the
      // owner hears about it at most once a day rather than every time the lock is renewed.
      if (lockedUntil && user && lockEmailDue) {
        await enqueue(user.email, emails.accountLocked({ firstName: greetingName(user), until: formatUntil(lockedUntil), resetUrl: siteLink(ctx, '/forgot-password') }));
      }
      return updated;
    });
    if (counted.lockedUntil) throw lockedError(counted);
    const left = LOGIN_MAX_FAILED_ATTEMPTS - counted.failedCount;
    throw new AppError('INVALID_CREDENTIALS', `The email or password is incorrect. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the account is locked for ${LOGIN_LOCK_MINUTES} minutes.`, {
      extra: { loginAttemptCount: counted.failedCount },
    });
  }

  // Only someone who knows the password learns that the account still needs verifying.
  if (!user!.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address before logging in. Enter the code we emailed you, or ask for a new one.', {
      extra: { email: user!.email },
    });
  }

  if (throttle) await ctx.repo.clearThrottle(email);
  const current = body.temporaryCheckoutCurrency ? await applyCurrencyChoice(ctx.repo, user!, body.temporaryCheckoutCurrency) : user!;
  return startSession(ctx, current, 'Login successful');
}
