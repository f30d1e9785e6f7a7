import { PRIMARY_EMAIL_CHANGES_PER_DAY, STEP_TOKEN_TTL_MINUTES } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import { emails } from '../mail/mail.templates.ts';
import { addMinutes, addSeconds, inTransaction, newLinkToken, passwordMatches, siteLink, tokenHash, greetingName, type AuthContext } from './auth.context.ts';
import type { UserRow } from './auth.repository.ts';
import { checkCode, issueCodeOrExplain } from './codes.ts';


/** Recovery email, step 1: a code goes to the new address to prove it is theirs. */
export async function requestRecoveryEmail(ctx: AuthContext, user: UserRow, recoveryEmail: string) {
  if (recoveryEmail === user.email) {
    throw new AppError('VALIDATION_FAILED', 'The recovery email must differ from your login email', { fields: { recoveryEmail: ['The recovery email must differ from your login email'] } });
  }
  await inTransaction(ctx, async (repo, enqueue) => {
    const code = await issueCodeOrExplain(ctx, repo, user.id, 'recovery_email', recoveryEmail);
    await enqueue(recoveryEmail, emails.recoveryEmailCode({ firstName: null, code }));
  });
  return { success: true as const, message: `We have sent a code to ${recoveryEmail}.`, data: { recoveryEmail } };
}

/** Recovery email, step 2: the right code saves the address. */
export async function confirmRecoveryEmail(ctx: AuthContext, user: UserRow, otp: string) {
  const code = await checkCode(ctx, ctx.repo, user.id, 'recovery_email', otp);
  const updated = await ctx.repo.updateUser(user.id, { recoveryEmail: code.targetEmail });
  return { success: true as const, message: 'Your recovery email has been saved.', data: { recoveryEmail: updated.recoveryEmail } };
}

/** Primary email, step 1: a code goes to the new address; a few changes a day at most. */
export async function requestPrimaryEmail(ctx: AuthContext, user: UserRow, newEmail: string) {
  if (newEmail === user.email) throw new AppError('VALIDATION_FAILED', 'This is already your login email', { fields: { email: ['This is already your login email'] } });
  if (await ctx.repo.emailInUse(newEmail, user.id)) throw new AppError('EMAIL_TAKEN', 'This email address is already used by another account');
  const today = await ctx.repo.codesIssuedSince(user.id, 'primary_email', addSeconds(ctx.now(), -24 * 3600));
  if (today.count >= PRIMARY_EMAIL_CHANGES_PER_DAY) {
    throw new AppError('RATE_LIMITED', `You can ask to change your email ${PRIMARY_EMAIL_CHANGES_PER_DAY} times a day. Please try again tomorrow.`, {
      extra: { isEmailChangeAttemptLeft: false },
    });
  }
  await inTransaction(ctx, async (repo, enqueue) => {
    const code = await issueCodeOrExplain(ctx, repo, user.id, 'primary_email', newEmail);
    await enqueue(newEmail, emails.primaryEmailCode({ firstName: null, code }));
  });
  const attemptsLeft = PRIMARY_EMAIL_CHANGES_PER_DAY - today.count - 1;
  return { success: true as const, message: `We have sent a code to ${newEmail}.`, data: { email: newEmail, attemptsLeft, isEmailChangeAttemptLeft: attemptsLeft > 0 } };
}

/** Primary email, step 2: the right code gives a short-lived token for the password step. */
export async function confirmPrimaryEmailCode(ctx: AuthContext, user: UserRow, otp: string) {
  const code = await checkCode(ctx, ctx.repo, user.id, 'primary_email', otp);
  const step = newLinkToken();
  await ctx.repo.insertToken({ userId: user.id, purpose: 'primary_email', tokenHash: step.hash, targetEmail: code.targetEmail, expiresAt: addMinutes(ctx.now(), STEP_TOKEN_TTL_MINUTES) });
  return { success: true as const, message: 'Code verified. Enter your password to confirm the change.', data: { tk: step.token } };
}

/** Primary email, step 3: the password confirms; the old address is told about the change. */
export async function confirmPrimaryEmailWithPassword(ctx: AuthContext, user: UserRow, token: string, password: string) {
  if (!(await passwordMatches(user, password))) {
    throw new AppError('VALIDATION_FAILED', 'Your password is not correct', { fields: { password: ['Your password is not correct'] } });
  }
  const updated = await inTransaction(ctx, async (repo, enqueue) => {
    const row = await repo.useToken(tokenHash(token), 'primary_email');
    if (!row || row.userId !== user.id || !row.targetEmail) {
      throw new AppError('INVALID_TOKEN', 'This confirmation has expired or was already used. Please start the email change again.');
    }
    if (await repo.emailInUse(row.targetEmail, user.id)) throw new AppError('EMAIL_TAKEN', 'This email address is already used by another account');
    const changed = await repo.updateUser(user.id, { email: row.targetEmail, emailVerifiedAt: ctx.now() });
    await enqueue(user.email, emails.primaryEmailChanged({ firstName: greetingName(user), newEmail: row.targetEmail, resetUrl: siteLink(ctx, '/forgot-password') }));
    return changed;
  });
  return { success: true as const, message: `Your login email is now ${updated.email}.`, data: { email: updated.email } };
}
