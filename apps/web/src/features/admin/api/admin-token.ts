/**
 * Where the console keeps its admin token (the one that passed the second factor): in
 * `sessionStorage`, as decision 0028 says. Never a cookie, so no request carries it without the
 * console's own code, and it is gone with the tab. Its end (at most 12 hours) is kept beside it,
 * so a token that has run out is not even sent.
 */
export const ADMIN_TOKEN_KEY = 'carbonwise.adminSession';

interface Stored {
  token: string;
  expiresAt: string;
}

export function readAdminToken(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(ADMIN_TOKEN_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.token !== 'string' || typeof stored.expiresAt !== 'string' || !(Date.parse(stored.expiresAt) > now)) return null;
    return stored.token;
  } catch {
    return null; // storage unavailable or not ours: no admin session
  }
}

export function storeAdminToken(token: string, expiresAt: string): void {
  try {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, JSON.stringify({ token, expiresAt } satisfies Stored));
  } catch {
    /* storage unavailable (private mode quota): the console asks for a code on the next page */
  }
}

export function clearAdminToken(): void {
  try {
    sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    /* nothing stored */
  }
}
