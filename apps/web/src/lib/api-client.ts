import { COOKIES } from '@app/contract/constants';
import { getCookie, removeCookies } from './cookies.ts';
import { resetClientState } from './client-state.ts';

/**
 * The one HTTP client of the web app.
 *
 * - Paths are the spec's paths (`auth/login`, `/v1/carts`), served under the `/api` base.
 * - JSON in and out; a FormData body is sent as multipart.
 * - `Authorization: Bearer <token>` comes from the `JWTToken` cookie when present (spec §6).
 * - No timeout (spec §9: request timeout 0), so no AbortSignal is ever passed to fetch.
 * - It does not throw on any HTTP status (spec §7): every status comes back as `{ status, ok, data }`
 *   for the caller to handle. Only a network failure throws.
 * - Forced logout (spec §4, §8): a 401 on any call except the exempt ones clears the session
 *   cookies, resets client state and sends the user to the login page with loggedIn=false.
 */

export const API_BASE = '/api';
export const FORCED_LOGOUT_PATH = '/login?loggedIn=false';

/** Cookies removed on forced logout. */
export const SESSION_COOKIES = [COOKIES.session, COOKIES.checkout, COOKIES.paymentSession, COOKIES.userSlug] as const;

/** A 401 from these calls is an expected answer (wrong password, bad code), not a lost session. */
const UNAUTHORIZED_EXEMPT_FRAGMENTS = [
  'password-reset',
  'reset-password',
  'otp-verify',
  'otp-reset-password',
  'auth/login',
  'auth/register',
  'auth/logout', // logging out with a token that already ended is still just a logout
] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T = unknown> {
  status: number;
  /** True for 2xx statuses. */
  ok: boolean;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  data: T | null;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
}

/** What a forced logout does besides clearing cookies; swapped in by the app and by tests. */
export interface ApiClientHooks {
  /** Resets every client-state slice. */
  resetState: () => void;
  /** Client-side navigation; the app passes the router's navigate. */
  navigate: (to: string) => void;
}

const defaultHooks: ApiClientHooks = {
  resetState: resetClientState,
  navigate: (to) => window.location.assign(to),
};

let hooks: ApiClientHooks = { ...defaultHooks };

/** Overrides hooks (e.g. the router's navigate). Returns a function restoring the previous ones. */
export function configureApiClient(overrides: Partial<ApiClientHooks>): () => void {
  const previous = hooks;
  hooks = { ...hooks, ...overrides };
  return () => {
    hooks = previous;
  };
}

/** `v1/me` → `/api/v1/me`; the spec writes paths with and without the leading slash. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  let url = `${API_BASE}/${clean}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const search = params.toString();
    if (search) url += (url.includes('?') ? '&' : '?') + search;
  }
  return url;
}

export function isUnauthorizedExempt(path: string): boolean {
  return UNAUTHORIZED_EXEMPT_FRAGMENTS.some((fragment) => path.includes(fragment));
}

/** Clears the session cookies and client state, then goes to the login page. */
export function forceLogout(): void {
  removeCookies(SESSION_COOKIES);
  hooks.resetState();
  hooks.navigate(FORCED_LOGOUT_PATH);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy error page or similar: the status still tells the caller what happened.
    return null;
  }
}

export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getCookie(COOKIES.session);
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // Deliberately no `signal`: the spec sets no request timeout.
  const response = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
  });
  const data = (await readBody(response)) as T | null;

  if (response.status === 401 && !isUnauthorizedExempt(path)) forceLogout();

  return { status: response.status, ok: response.ok, data };
}

export const apiClient = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/**
 * The server's message from an error envelope, or a fallback when the body has none. Checked by
 * shape rather than with the contract's zod schema, so the client stays zod-free (readApiError in
 * api-error.ts is the full, schema-checked reading for forms).
 */
export function errorMessage(response: ApiResponse, fallback: string): string {
  const body = response.data as { success?: unknown; message?: unknown } | null;
  return body && body.success === false && typeof body.message === 'string' ? body.message : fallback;
}
