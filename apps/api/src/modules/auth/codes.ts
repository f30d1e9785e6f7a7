import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_RESEND_MAX_PER_HOUR, OTP_TTL_SECONDS } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import type { OneTimeCodePurpose } from '../../db/schema/index.ts';
import { addSeconds, codeHash, newCode, sameHash, type AuthContext } from './auth.context.ts';
import type { AuthRepository, OneTimeCodeRow } from './auth.repository.ts';

/**
 * Issues a new code for a purpose and retires the older ones, so only the newest code works.
 * Returns null when the resend limits say not now.
 */
export async function issueCode(
  ctx: AuthContext,
  repo: AuthRepository,
  userId: string,
  purpose: OneTimeCodePurpose,
  targetEmail: string | null = null,
): Promise<string | null> {
  const now = ctx.now();
  const recent = await repo.codesIssuedSince(userId, purpose, addSeconds(now, -3600));
  if (recent.latest && now.getTime() - recent.latest.getTime() < OTP_RESEND_COOLDOWN_SECONDS * 1000) return null;
  if (recent.count >= OTP_RESEND_MAX_PER_HOUR) return null;
  const code = newCode();
  await repo.retireCodes(userId, purpose);
  await repo.insertCode({ userId, purpose, targetEmail, codeHash: codeHash(ctx, userId, purpose, code), expiresAt: addSeconds(now, OTP_TTL_SECONDS) });
  return code;
}

/** Like issueCode, but tells the (signed-in) person why no code was sent. */
export async function issueCodeOrExplain(ctx: AuthContext, repo: AuthRepository, userId: string, purpose: OneTimeCodePurpose, targetEmail: string | null = null) {
  const code = await issueCode(ctx, repo, userId, purpose, targetEmail);
  if (!code) throw new AppError('RATE_LIMITED', `Please wait ${OTP_RESEND_COOLDOWN_SECONDS} seconds between code requests, and no more than ${OTP_RESEND_MAX_PER_HOUR} an hour`);
  return code;
}

/**
 * Checks a code: expired, too many wrong tries, wrong (counted) or right (used once).
 * Every failure is a 400 with a message that says what to do next.
 */
export async function checkCode(ctx: AuthContext, repo: AuthRepository, userId: string, purpose: OneTimeCodePurpose, otp: string): Promise<OneTimeCodeRow> {
  const code = await repo.latestLiveCode(userId, purpose);
  if (!code) throw new AppError('OTP_EXPIRED', 'This code is no longer valid. Please request a new code.');
  if (code.expiresAt.getTime() <= ctx.now().getTime()) throw new AppError('OTP_EXPIRED', 'This code has expired. Please request a new code.');
  if (code.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please request a new code.');
  if (!sameHash(code.codeHash, codeHash(ctx, userId, purpose, otp))) {
    const attempts = await repo.countWrongTry(code.id);
    const left = OTP_MAX_ATTEMPTS - attempts;
    if (left <= 0) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please request a new code.');
    throw new AppError('INVALID_OTP', `The code is incorrect. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  if (!(await repo.consumeCode(code.id, OTP_MAX_ATTEMPTS))) throw new AppError('OTP_EXPIRED', 'This code was already used. Please request a new code.');
  return code;
}

/**
 * The one answer of the public code routes (no sign-in) to every failure: unknown email, no
 * live code, expired, too many tries and wrong code all look alike, so the routes cannot tell
 * anyone which emails have accounts or pending codes (decision 0005).
 */
export const unknownCodeError = () => new AppError('INVALID_OTP', 'The code is incorrect or no longer valid. Please check it, or request a new code.');

const CODE_FAILURES = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);

/** checkCode for the public routes: the same failures, all answered as unknownCodeError. */
export async function checkCodeQuietly(ctx: AuthContext, repo: AuthRepository, userId: string, purpose: OneTimeCodePurpose, otp: string): Promise<OneTimeCodeRow> {
  try {
    return await checkCode(ctx, repo, userId, purpose, otp);
  } catch (error) {
    if (error instanceof AppError && CODE_FAILURES.has(error.code)) throw unknownCodeError();
    throw error;
  }
}
