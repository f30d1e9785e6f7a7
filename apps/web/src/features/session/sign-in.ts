import type { User } from '@app/contract';
import { COOKIES, STORAGE_KEYS_KEPT_ON_LOGIN } from '@app/contract/constants';
import { isSupportedCurrency, type Currency } from '@app/contract/money';
import { SESSION_COOKIES, apiClient } from '../../lib/api-client.ts';
import { getCookie, removeCookies, setCookie } from '../../lib/cookies.ts';
import { resetClientState } from '../../lib/client-state.ts';
import { CURRENCY_STORAGE_KEY, setDisplayCurrency } from '../currency/currency-store.ts';
import { mergeGuestCartIntoAccount } from '../cart/cart-sync.ts';
import { GUEST_CART_STORAGE_KEY } from '../cart/guest-cart.ts';
import { getMe } from './api/get-me.ts';
import { loadMemberships } from './api/memberships.ts';
import { setSession } from './session-store.ts';

/**
 * Starting and ending a session (spec §4). Login and code verification both end in signIn, so
 * every way into an account stores exactly the same things; register and logout share the
 * clearing. (This slice uses the currency slice because the account's currency becomes the
 * display currency on sign-in, and the cart slice to merge the guest's cart; nothing imports back.)
 */

/** The server's default session lifetime (JWT_TTL_SECONDS): used when the token has no exp. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The token's own expiry as a cookie lifetime, so cookie and token end together. */
export function tokenMaxAgeSeconds(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1];
    if (payload) {
      const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
      if (typeof exp === 'number' && exp * 1000 > now) return Math.floor(exp - now / 1000);
    }
  } catch {
    /* not a readable JWT: fall back to the server's default lifetime */
  }
  return SESSION_MAX_AGE_SECONDS;
}

/** Stores a session token in the JWTToken cookie (path=/, SameSite=Lax). */
export function storeSessionToken(token: string): void {
  setCookie(COOKIES.session, token, { maxAgeSeconds: tokenMaxAgeSeconds(token) });
}

/**
 * Removes the session cookies and every local-storage key except the join codes, referral ids
 * and conference code (STORAGE_KEYS_KEPT_ON_LOGIN). The display currency is a visitor preference
 * rather than session data, so it is written back afterwards. The sign-up proof (`signUpProof`,
 * auth/sign-up-proof.ts) goes too, on purpose: register stores it after this clearing, and
 * without it a later verification only asks for the password.
 */
export function clearStoredSession(): void {
  removeCookies(SESSION_COOKIES);
  try {
    const kept = STORAGE_KEYS_KEPT_ON_LOGIN.map((key) => [key, localStorage.getItem(key)] as const);
    const currency = localStorage.getItem(CURRENCY_STORAGE_KEY);
    // A guest's browser cart must outlive the clearing of register and login, so the sign-in can
    // merge it into the account (it is emptied by that merge).
    const guestCart = localStorage.getItem(GUEST_CART_STORAGE_KEY);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
    if (currency !== null) localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
    if (guestCart !== null) localStorage.setItem(GUEST_CART_STORAGE_KEY, guestCart);
  } catch {
    /* storage unavailable: nothing stored to clear */
  }
}

export interface SessionGrant {
  token: string;
  user: User;
  temporaryCheckoutCurrency?: string;
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the session still works for this page view */
  }
}

/**
 * Spec §4 login success: clear, keep the codes, store the token and identity, update the session
 * state, then read the slug from v1/me and fetch the business and order values. Resolves when all
 * of that is stored, so the caller can navigate to a page that reads them.
 */
export async function signIn({ token, user, temporaryCheckoutCurrency }: SessionGrant): Promise<void> {
  clearStoredSession();
  resetClientState(); // drops cached data of whoever was signed in before
  storeSessionToken(token);
  remember('userId', user._id);
  remember('email', user.email);
  remember('name', `${user.firstName} ${user.lastName}`.trim());
  remember('userCreated', user.createdAt);

  const currency: Currency | undefined = isSupportedCurrency(temporaryCheckoutCurrency) ? temporaryCheckoutCurrency : undefined;
  setSession({ isLoggedIn: true, user, email: user.email, ...(currency ? { currency, tempCartCurrency: currency } : {}) });
  if (currency) setDisplayCurrency(currency);

  try {
    const me = await getMe();
    setCookie(COOKIES.userSlug, me.slug, { maxAgeSeconds: tokenMaxAgeSeconds(token) });
    setSession({ slug: me.slug, billingAddress: me.billingAddress, currencyType: me.currencyLevel });
  } catch {
    /* the slug is a convenience: the session itself is already valid */
  }
  await loadMemberships(user._id);
  // The guest's browser cart joins the account's cart; the header count comes from the answer.
  await mergeGuestCartIntoAccount();
}

/** Logout: clears the session cookies and stored values (the kept codes stay) and resets all state. */
export function signOut(): void {
  clearStoredSession();
  resetClientState();
}

/**
 * The "Log out" action: asks the server to end this session (`POST auth/logout`, so the token
 * stops working even if someone copied it), then clears everything here as signOut does. The
 * browser is signed out whatever the server answers: an unreachable server must not keep anyone in.
 */
export async function logOut(): Promise<void> {
  if (getCookie(COOKIES.session)) {
    try {
      await apiClient.post('auth/logout');
    } catch {
      /* offline: the token still expires on its own; this browser forgets it now */
    }
  }
  signOut();
}
