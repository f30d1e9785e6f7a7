import { DEFAULT_CURRENCY, isSupportedCurrency, type Currency } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import { publicUser, type AuthContext } from './auth.context.ts';
import type { UserRow } from './auth.repository.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/** The currency a user's checkout uses now: the temporary one if set, else their default. */
export function effectiveCurrency(user: UserRow): Currency {
  if (isSupportedCurrency(user.temporaryCheckoutCurrency)) return user.temporaryCheckoutCurrency;
  return isSupportedCurrency(user.checkoutDefaultCurrency) ? user.checkoutDefaultCurrency : DEFAULT_CURRENCY;
}

/** The answer of login and of code verification: a signed token and the user (spec §3). */
export async function startSession(ctx: AuthContext, user: UserRow, message: string) {
  // Every way in (password, verification code or link, reset) ends here: a locked account gets no session.
  if (user.signInLockedAt) throw new AppError('ACCOUNT_DISABLED', 'Sign-in to this account has been locked by the shop. Please contact us if you think this is a mistake.');
  const token = await ctx.signer.sign({ sub: user.id, tv: user.tokenVersion });
  return { success: true as const, message, token, user: publicUser(user), temporaryCheckoutCurrency: effectiveCurrency(user) };
}

/**
 * Ends the session whose token made this call: its id goes on the revoked list until the token
 * would have expired. Only this session ends; the person's other devices stay signed in (a
 * password change is the way to end them all).
 */
export async function logout(ctx: AuthContext, user: CurrentUser) {
  await ctx.repo.revokeSession(user.sessionId, user.id, new Date(user.tokenExpiresAt));
  return { success: true as const, message: 'You have been logged out' };
}
