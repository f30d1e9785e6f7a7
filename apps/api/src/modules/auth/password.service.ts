import { OTP_RESEND_COOLDOWN_SECONDS, RESET_LINK_TTL_MINUTES, STEP_TOKEN_TTL_MINUTES, passwordProblems } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import { emails } from '../mail/mail.templates.ts';
import { addMinutes, addSeconds, hashPassword, inTransaction, newLinkToken, passwordMatches, siteLink, tokenHash, greetingName, type AuthContext } from './auth.context.ts';
import type { UserRow } from './auth.repository.ts';
import { checkCodeQuietly, issueCode, unknownCodeError } from './codes.ts';
import { forgetSignUpInput } from './competing-sign-ups.ts';
import { startSession } from './session.ts';

const LINK_SENT = 'If an account exists for this email, we have sent a link to reset the password.';
const CODE_SENT = 'If an account exists for this email, we have sent a code to reset the password.';

/** The policy rule that needs the account's email, checked once the account is known. */
function assertPasswordFitsAccount(password: string, email: string) {
  const problems = passwordProblems(password, { email });
  if (problems.length) throw new AppError('VALIDATION_FAILED', problems[0], { fields: { password: problems } });
}

/** Reset by link: always the same answer, so it cannot tell who has an account. */
export async function sendResetLink(ctx: AuthContext, email: string) {
  const user = await ctx.repo.findUserByEmail(email);
  if (user) {
    // Only reset-link emails really sent count: the reset-code step also makes reset tokens.
    const sentRecently = await ctx.mail.countRecent(user.email, 'password-reset-link', addSeconds(ctx.now(), -OTP_RESEND_COOLDOWN_SECONDS));
    if (sentRecently === 0) {
      await inTransaction(ctx, async (repo, enqueue) => {
        const link = newLinkToken();
        await repo.retireTokens(user.id, 'reset_password');
        await repo.insertToken({ userId: user.id, purpose: 'reset_password', tokenHash: link.hash, expiresAt: addMinutes(ctx.now(), RESET_LINK_TTL_MINUTES) });
        await enqueue(user.email, emails.passwordResetLink({ firstName: greetingName(user), link: siteLink(ctx, `/reset-password?tk=${link.token}`) }));
      });
    }
  }
  return { success: true as const, message: LINK_SENT };
}

/** Reset by code: step 1 sends the code. */
export async function sendResetCode(ctx: AuthContext, email: string) {
  const user = await ctx.repo.findUserByEmail(email);
  if (user) {
    await inTransaction(ctx, async (repo, enqueue) => {
      const code = await issueCode(ctx, repo, user.id, 'reset_password');
      if (code) await enqueue(user.email, emails.passwordResetCode({ firstName: greetingName(user), code }));
    });
  }
  return { success: true as const, message: CODE_SENT };
}

/** Reset by code: step 2 trades a right code for a short-lived reset token used like the link's. */
export async function verifyResetCode(ctx: AuthContext, email: string, otp: string) {
  const user = await ctx.repo.findUserByEmail(email);
  if (!user) throw unknownCodeError();
  await checkCodeQuietly(ctx, ctx.repo, user.id, 'reset_password', otp);
  const step = newLinkToken();
  await ctx.repo.insertToken({ userId: user.id, purpose: 'reset_password', tokenHash: step.hash, expiresAt: addMinutes(ctx.now(), STEP_TOKEN_TTL_MINUTES) });
  return { success: true as const, message: 'Code verified. Please choose a new password.', data: { resetToken: step.token } };
}

/**
 * Sets a new password from a reset link or code token. Single use; every older session ends
 * (token version bump), the lock is lifted, and the account counts as verified (email proven).
 */
export async function resetPassword(ctx: AuthContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const user = await inTransaction(ctx, async (repo, enqueue) => {
    const row = await repo.useToken(tokenHash(token), 'reset_password');
    if (!row) throw new AppError('INVALID_TOKEN', 'This reset link is invalid, has expired or was already used. Please request a new one.');
    const owner = await repo.lockUser(row.userId);
    if (!owner) throw new AppError('INVALID_TOKEN', 'This reset link is invalid, has expired or was already used. Please request a new one.');
    assertPasswordFitsAccount(password, owner.email);
    // Proving the mailbox of an account that competing sign-ups typed into: none of their names stay.
    if (owner.competingSignUps && !owner.emailVerifiedAt) await forgetSignUpInput(repo, owner);
    const updated = await repo.changePassword(owner.id, passwordHash, true);
    await repo.retireTokens(owner.id, 'reset_password');
    await repo.retireCodes(owner.id, 'reset_password');
    await repo.clearThrottle(owner.email);
    await enqueue(owner.email, emails.passwordChanged({ firstName: greetingName(owner), resetUrl: siteLink(ctx, '/forgot-password') }));
    return updated;
  });
  return { success: true as const, message: 'Your password has been reset. You can now log in with it.', data: { email: user.email } };
}

/** Change while signed in: needs the current password; other sessions end, this one gets a new token. */
export async function changePassword(ctx: AuthContext, user: UserRow, body: { currentPassword: string; password: string }) {
  // 400, not 401: a wrong current password must not sign the person out.
  if (!(await passwordMatches(user, body.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Your current password is not correct', { fields: { currentPassword: ['Your current password is not correct'] } });
  }
  if (body.currentPassword === body.password) {
    throw new AppError('VALIDATION_FAILED', 'Choose a password different from your current one', { fields: { password: ['Choose a password different from your current one'] } });
  }
  assertPasswordFitsAccount(body.password, user.email);
  const passwordHash = await hashPassword(body.password);
  const updated = await inTransaction(ctx, async (repo, enqueue) => {
    const row = await repo.changePassword(user.id, passwordHash, false);
    await enqueue(user.email, emails.passwordChanged({ firstName: greetingName(user), resetUrl: siteLink(ctx, '/forgot-password') }));
    return row;
  });
  return startSession(ctx, updated, 'Your password has been changed');
}
