import { RESET_LINK_TTL_MINUTES } from '@app/contract';
import { addMinutes, newLinkToken, type AuthContext } from './auth.context.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import { makeSlug } from './slug.ts';

/**
 * Pre-registration takeover (issue 6, decision 0005). Before an email is verified anyone can
 * sign up with it, typing a password and a name. When two or more sign-ups used one unverified
 * email, nobody can tell which of them is the mailbox's owner, so whoever proves the mailbox
 * (code, link or password reset) gets an account with no sign-up's password or name in it and
 * chooses the password. A single sign-up keeps its own password only when the verifier shows its
 * sign-up proof (sign-up-proof.ts); a verification without it is handled here as well.
 */

/** Not an argon2 hash, so no password ever matches it until the verifier chooses one. */
const NO_PASSWORD_YET = '!competing-sign-ups: the verifier chooses the password';

export const CHOOSE_PASSWORD_MESSAGE =
  'Your email is verified. More than one sign-up used this email, so for your safety please choose your password now.';
/** A verification without the sign-up proof: another browser (or someone else) signed up. */
export const CHOOSE_PASSWORD_ELSEWHERE_MESSAGE =
  'Your email is verified. The account was not created in this browser, so for your safety please choose your password now.';

/**
 * Drops everything a sign-up typed (password, names, the slug made from them) from an account
 * whose email has just been proven. Call inside the verifying transaction.
 */
export async function forgetSignUpInput(repo: AuthRepository, user: UserRow): Promise<UserRow> {
  // changePassword also marks the email verified and bumps the token version.
  await repo.changePassword(user.id, NO_PASSWORD_YET, true);
  return repo.updateUser(user.id, { firstName: '', lastName: '', slug: makeSlug('', ''), competingSignUps: false });
}

/**
 * Verifies a contested account and hands the verifier a single-use token for choosing the
 * password on the reset-password page (the same token kind as a reset link).
 */
export async function verifyContested(ctx: AuthContext, repo: AuthRepository, user: UserRow) {
  const verified = await forgetSignUpInput(repo, user);
  await repo.retireTokens(user.id, 'verify_email');
  await repo.retireCodes(user.id, 'register');
  await repo.retireTokens(user.id, 'reset_password');
  const step = newLinkToken();
  await repo.insertToken({ userId: user.id, purpose: 'reset_password', tokenHash: step.hash, expiresAt: addMinutes(ctx.now(), RESET_LINK_TTL_MINUTES) });
  return { user: verified, resetToken: step.token };
}

/** The answer of both verification routes when the verifier must choose the password. */
export function choosePasswordAnswer(email: string, resetToken: string, competing: boolean) {
  const message = competing ? CHOOSE_PASSWORD_MESSAGE : CHOOSE_PASSWORD_ELSEWHERE_MESSAGE;
  return { success: true as const, message, data: { email, choosePassword: true as const, resetToken } };
}
