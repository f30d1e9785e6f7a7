import type { OperatorRole } from './common.ts';

/**
 * Every route of the admin API, relative to `/api/admin/v1`, with the least role that may call
 * it. `session: 'sign-in'` routes take the ordinary sign-in token (they are how an operator gets
 * the admin session); every other route takes the admin token. The console uses this to hide
 * what a role may not do; the API's access test checks the server against it route by route,
 * and fails for a route that is not listed here.
 */
export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  role: OperatorRole;
  session: 'sign-in' | 'admin';
  /** The route changes something (and writes an audit row when it succeeds). */
  writes: boolean;
}

const r = (method: AdminRoute['method'], path: string, role: OperatorRole = 'staff', writes = method !== 'GET', session: AdminRoute['session'] = 'admin'): AdminRoute => ({ method, path, role, session, writes });

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  // The second factor: status, enrolment and verification use the sign-in token.
  r('GET', '/mfa', 'staff', false, 'sign-in'),
  r('POST', '/mfa/enrolment', 'staff', true, 'sign-in'),
  r('POST', '/mfa/enrolment/confirm', 'staff', true, 'sign-in'),
  r('POST', '/mfa/verify', 'staff', true, 'sign-in'),
  r('POST', '/mfa/recovery-codes'),
  r('DELETE', '/mfa/session'),

  r('GET', '/operators', 'owner'),
  r('POST', '/operators', 'owner'),
  r('PATCH', '/operators/{id}', 'owner'),
  r('DELETE', '/operators/{id}', 'owner'),
  r('POST', '/operators/{id}/mfa-reset', 'owner'),

  r('GET', '/audit'),

  r('GET', '/products'),
  r('POST', '/products'),
  r('GET', '/products/references'),
  r('GET', '/products/low-stock'),
  r('GET', '/products/export'),
  // A dry run writes nothing (and no audit row); the route can write: owners only.
  r('POST', '/products/import', 'owner'),
  r('GET', '/products/{id}'),
  r('PATCH', '/products/{id}'),
  r('DELETE', '/products/{id}'),
  r('POST', '/products/{id}/archive'),
  r('POST', '/products/{id}/restore'),
  r('GET', '/products/{id}/stock'),
  r('POST', '/products/{id}/stock'),
  r('POST', '/products/{id}/images'),
  r('PUT', '/products/{id}/images'),
  r('DELETE', '/products/{id}/images/{imageId}'),

  r('GET', '/categories'),
  r('POST', '/categories'),
  r('PUT', '/categories/order'),
  r('PATCH', '/categories/{id}'),
  r('DELETE', '/categories/{id}'),
  r('POST', '/categories/{id}/merge'),

  r('GET', '/tags'),
  r('POST', '/tags'),
  r('PUT', '/tags/order'),
  r('PATCH', '/tags/{id}'),
  r('DELETE', '/tags/{id}'),
  r('POST', '/tags/{id}/merge'),

  r('GET', '/coupons'),
  r('POST', '/coupons'),
  r('GET', '/coupons/{id}'),
  r('PATCH', '/coupons/{id}'),
  r('POST', '/coupons/{id}/disable'),
  r('POST', '/coupons/{id}/enable'),

  r('GET', '/reviews'),
  r('POST', '/reviews/{id}/hide'),
  r('POST', '/reviews/{id}/unhide'),

  r('GET', '/customers'),
  r('GET', '/customers/{id}'),
  r('GET', '/customers/{id}/orders'),
  r('GET', '/customers/{id}/certificates'),
  r('GET', '/customers/{id}/footprints'),
  r('GET', '/customers/{id}/businesses'),
  r('POST', '/customers/{id}/lock'),
  r('POST', '/customers/{id}/unlock'),
  r('POST', '/customers/{id}/verification-email'),

  r('GET', '/newsletter'),
  r('POST', '/newsletter/preview', 'staff', false),
  r('GET', '/newsletter/issues'),
  r('POST', '/newsletter/issues'),
  r('GET', '/newsletter/issues/{id}'),
  r('PATCH', '/newsletter/issues/{id}'),
  r('DELETE', '/newsletter/issues/{id}'),
  r('POST', '/newsletter/issues/{id}/send'),

  r('GET', '/dashboard'),

  r('GET', '/orders'),
  r('GET', '/orders/{id}'),
  r('GET', '/orders/{id}/history'),
  r('POST', '/orders/{id}/cancel'),
  r('POST', '/orders/{id}/refunds'),
];
