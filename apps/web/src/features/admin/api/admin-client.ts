import { COOKIES } from '@app/contract/constants';
import { getCookie } from '../../../lib/cookies.ts';
import { readApiError, type ApiError } from '../../../lib/api-error.ts';
import type { ApiResponse } from '../../../lib/api-client.ts';
import { clearAdminToken, readAdminToken } from './admin-token.ts';

/**
 * The console's HTTP client for `/api/admin/v1/…`. Unlike the storefront's client (lib/api-client),
 * a 401 here does not sign the person out of the shop: it means the console needs its own
 * sign-in again (the admin session ended, or a code is needed), which the console handles by
 * going back to its sign-in page. Every other status comes back to the caller.
 *
 * `mfa` calls carry the ordinary session token (the second factor is what turns it into an admin
 * session); every other call carries the admin token.
 */
export const ADMIN_API_PREFIX = '/api/admin/v1/';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** A failed admin call, thrown by the query helpers so TanStack Query shows its error state. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fields: Record<string, string[]> | undefined;
  constructor(error: ApiError) {
    super(error.message);
    this.status = error.status;
    this.code = error.code;
    this.fields = error.fields;
  }
}

/** The codes that mean "sign in to the console again" (the contract's admin 401 codes). */
const SIGN_IN_AGAIN = new Set(['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'MFA_REQUIRED', 'MFA_ENROLMENT_REQUIRED', 'ADMIN_SESSION_EXPIRED']);

type Listener = (code: string | null) => void;
/** Until the layout registers the router's way (no reload), a plain page load does it. */
const loadSignInPage: Listener = () => window.location.assign(`/admin/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
let onSignInNeeded: Listener = loadSignInPage;
/** The console's layout registers how to go back to its sign-in page. */
export function setSignInNeededHandler(listener: Listener): () => void {
  onSignInNeeded = listener;
  return () => {
    onSignInNeeded = loadSignInPage;
  };
}

/** Sends the console to its sign-in page (no admin token, or the API said to sign in again). */
export function requestSignIn(code: string | null = null): void {
  clearAdminToken();
  onSignInNeeded(code);
}

export function adminUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${ADMIN_API_PREFIX}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export async function adminRequest<T>(method: string, path: string, options: { body?: unknown; query?: Query; sessionToken?: boolean } = {}): Promise<ApiResponse<T>> {
  const token = options.sessionToken ? getCookie(COOKIES.session) : readAdminToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(adminUrl(path, options.query), { method, headers, body, credentials: 'same-origin' });
  const text = await response.text();
  let data: T | null = null;
  try {
    data = text ? (JSON.parse(text) as T) : null;
  } catch {
    /* not JSON (a proxy page): the status still says what happened */
  }
  const result = { status: response.status, ok: response.ok, data };
  if (response.status === 401 && !options.sessionToken) {
    const { code } = readApiError(result);
    if (code === null || SIGN_IN_AGAIN.has(code)) requestSignIn(code);
  }
  return result;
}

/** The answer's body when it succeeded; throws AdminApiError otherwise (for queries and mutations). */
export async function adminCall<T>(method: string, path: string, options?: { body?: unknown; query?: Query; sessionToken?: boolean }): Promise<T> {
  const response = await adminRequest<T>(method, path, options);
  if (!response.ok || response.data === null) throw new AdminApiError(readApiError(response));
  return response.data;
}

export const admin = {
  get: <T>(path: string, query?: Query) => adminCall<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => adminCall<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => adminCall<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => adminCall<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => adminCall<T>('DELETE', path, { body }),
};
