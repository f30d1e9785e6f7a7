import { COOKIES } from '@app/contract/constants';
import { DEFAULT_CURRENCY, type Currency } from '@app/contract/money';
import { createStore, useStore } from '../../lib/create-store.ts';
import { getCookie, removeCookies } from '../../lib/cookies.ts';
import { registerClientStateReset, resetClientState } from '../../lib/client-state.ts';

/**
 * The user's session state (spec §3 "User state").
 *
 * Logged-in state is decided by the `JWTToken` cookie plus a stored `email` (spec §4, §6).
 * API, for features that build on it:
 *   getSession()          current state, outside React
 *   useSession(select?)   subscribe from a component
 *   setSession(patch)     merge fields (the accounts issue calls this after login / v1/me)
 *   resetSession()        back to the logged-out defaults
 *   syncSessionWithCookie() the spec §4 check, run on start and on focus
 */

export interface SessionUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export interface SessionState {
  isLoggedIn: boolean;
  user: SessionUser | null;
  billingAddress: unknown;
  email: string | null;
  slug: string | null;
  /** The account's currency (set by the server); the display currency is a separate slice. */
  currency: Currency;
  currencyType: number;
  tempCartCurrency: Currency | null;
  isVerifyPopupShown: boolean;
  isEmailChangeAttemptLeft: boolean;
}

export const LOGGED_OUT_SESSION: SessionState = Object.freeze({
  isLoggedIn: false,
  user: null,
  billingAddress: null,
  email: null,
  slug: null,
  currency: DEFAULT_CURRENCY,
  currencyType: 0,
  tempCartCurrency: null,
  isVerifyPopupShown: false,
  isEmailChangeAttemptLeft: true,
});

/** Identity keys the login stores (spec §4); cleared with the session so no stale identity remains. */
const IDENTITY_STORAGE_KEYS = ['userId', 'email', 'name', 'userCreated'] as const;

/** Cookies the spec §4 session check deletes when the token has gone. */
const ORPHANED_SESSION_COOKIES = [COOKIES.session, COOKIES.checkout, COOKIES.paymentSession] as const;

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage can be disabled (private mode, policy); treat as empty
  }
}

/** State as the browser's cookie and storage describe it, e.g. after a reload. */
export function readPersistedSession(): SessionState {
  const token = getCookie(COOKIES.session);
  const email = readStorage('email');
  if (!token || !email) return LOGGED_OUT_SESSION;
  return { ...LOGGED_OUT_SESSION, isLoggedIn: true, email };
}

// The server renders every page logged out (it cannot see localStorage); hydration starts from that.
const sessionStore = createStore<SessionState>(readPersistedSession(), () => LOGGED_OUT_SESSION);

export const getSession = sessionStore.get;
export const subscribeSession = sessionStore.subscribe;

export function setSession(patch: Partial<SessionState>): void {
  sessionStore.set((previous) => ({ ...previous, ...patch }));
}

export function resetSession(): void {
  for (const key of IDENTITY_STORAGE_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage unavailable: nothing stored to clear */
    }
  }
  sessionStore.set(LOGGED_OUT_SESSION);
}

// A forced logout (API client) resets the session together with every other slice.
registerClientStateReset(resetSession);

/**
 * Spec §4: if the session cookie is missing while the state says logged in, delete the session,
 * checkout and payment-session cookies and reset client state. Returns true when it reset.
 */
export function syncSessionWithCookie(resetAll: () => void = resetClientState): boolean {
  if (!sessionStore.get().isLoggedIn || getCookie(COOKIES.session)) return false;
  removeCookies(ORPHANED_SESSION_COOKIES);
  resetAll();
  return true;
}

export function useSession(): SessionState;
export function useSession<S>(select: (state: SessionState) => S): S;
export function useSession<S>(select?: (state: SessionState) => S) {
  return useStore(sessionStore, select ?? ((state) => state as unknown as S));
}
