import { getCookie } from '../../../lib/cookies.ts';

/**
 * Where the console keeps its admin session token (the one that passed the second factor):
 * a cookie scoped to `/admin`, so it is visible only to the console's own pages, never sent
 * with storefront pages, and it ends when the admin session does (at most 12 hours). Closing
 * the browser does not sign the operator out before that, as with the shop's own session.
 */
export const ADMIN_TOKEN_COOKIE = 'AdminToken';

export function readAdminToken(): string | null {
  return getCookie(ADMIN_TOKEN_COOKIE);
}

export function storeAdminToken(token: string, expiresAt: string, now = Date.now()): void {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  const parts = [`${ADMIN_TOKEN_COOKIE}=${encodeURIComponent(token)}`, 'path=/admin', 'SameSite=Strict', `max-age=${seconds}`];
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function clearAdminToken(): void {
  document.cookie = `${ADMIN_TOKEN_COOKIE}=; path=/admin; SameSite=Strict; max-age=0`;
}
