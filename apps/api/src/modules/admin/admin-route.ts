import { errorEnvelopeSchema as failure } from '@app/contract';
import type { OperatorRole } from '@app/contract/admin';
import type { AdminRouteAccess } from './access/admin-access.ts';
import type { RateLimitOptions } from '../../plugins/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';

/** The failure answers every admin route may give (the envelope of the contract). */
export const adminErrors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure } as const;

/** A route's `config`: who may call it (admin-access.ts), and a stricter rate limit if it has one. */
export function adminAccess(role: OperatorRole = 'staff', options: { session?: AdminRouteAccess['session']; rateLimit?: RateLimitOptions } = {}) {
  return { admin: { role, session: options.session ?? 'admin' }, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) };
}

/** The OpenAPI part of a route's schema: tag `admin`, bearer auth, a summary that says who may call it. */
export function adminDoc(summary: string, role: OperatorRole = 'staff') {
  return { tags: ['admin'], security: [{ bearerAuth: [] }], summary: role === 'owner' ? `${summary} (owners only)` : summary };
}

/** `{ success: true, message }` with an optional `data`. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });

/**
 * The hook issue 25's refunds use: staff may act up to `limitMinor` (in the order's currency),
 * owners on any amount. Throws 403 OWNER_REQUIRED above the limit for staff.
 */
export function requireOwnerAbove(operator: { role: OperatorRole }, amountMinor: number, limitMinor: number, what = 'this amount'): void {
  if (operator.role !== 'owner' && amountMinor > limitMinor) {
    throw new AppError('OWNER_REQUIRED', `Only an owner can act on ${what}: it is above the staff limit`);
  }
}
