import { z } from 'zod';
import { pageMetaSchema } from '../common/envelope.ts';
import { textField } from '../common/text-policy.ts';

/**
 * Shared pieces of the operator console's API (`/api/admin/v1/…`, decision 0028): the base path,
 * the roles, ids, and the one shape of every list query (paging, sorting, searching) and list
 * answer. Imported by the console as `@app/contract/admin`, never by storefront pages.
 */

export const ADMIN_API_BASE = '/api/admin/v1';

/** Operators are ordinary verified accounts with one of these roles. `owner` may do everything `staff` may. */
export const OPERATOR_ROLES = ['owner', 'staff'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES, { error: `role is one of ${OPERATOR_ROLES.join(', ')}` });
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** An admin session (after the second factor) lasts at most this long; ADMIN_SESSION_HOURS may shorten it. */
export const ADMIN_SESSION_MAX_HOURS = 12;

export const ADMIN_LIST_LIMITS = {
  defaultSize: 20,
  maxSize: 100,
  maxPage: 10_000,
  searchLength: 100,
} as const;

export const adminIdSchema = (what = 'an id') => z.uuid({ error: `must be ${what}` });
export const adminIdParamsSchema = z.object({ id: adminIdSchema() });

/** `true`/`false` (or 1/0) in a query string. */
export const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0'], { error: 'is true or false' })
  .transform((value) => value === 'true' || value === '1');

/** A calendar day, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date({ error: 'is a date such as 2026-03-31' });

export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * The query every admin list takes: `page` (from 1), `size` (1–100, default 20), `sort` (one of
 * the list's own fields), `order` (`asc`/`desc`) and `q` (free-text search). Lists add their
 * own filters with `.extend({...})`. The console keeps these in its URL, so a link reopens the
 * same view.
 */
export function adminListQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S, defaults: { sort: S[number]; order?: 'asc' | 'desc' }) {
  const L = ADMIN_LIST_LIMITS;
  return z.object({
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(L.maxPage, `page is at most ${L.maxPage}`)
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a whole number' })
      .int('size must be a whole number')
      .min(1, 'size is at least 1')
      .max(L.maxSize, `size is at most ${L.maxSize}`)
      .default(L.defaultSize),
    sort: z.enum(sorts, { error: `sort is one of ${sorts.join(', ')}` }).default(defaults.sort as never),
    order: z.enum(SORT_ORDERS, { error: 'order is asc or desc' }).default(defaults.order ?? 'desc'),
    q: z.string().trim().max(L.searchLength, `The search is at most ${L.searchLength} characters`).optional(),
  });
}

/** Every admin list answers `{ success, data: [...], meta: { page, size, total } }`. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), meta: pageMetaSchema });
}

/** Who did something, as lists show it. `_id` is null for the command line and the shop itself. */
export const actorSchema = z.object({
  _id: z.string().nullable(),
  email: z.string(),
});

/** A short reason an operator gives (hiding a review, locking an account, a stock change). */
export const reasonSchema = (label = 'reason', required = true) => textField({ label, max: 300, required });

/** Money per currency, in integer minor units (what dashboards and coupon uses add up). */
export const amountSchema = z.object({ currency: z.string(), amountMinor: z.number().int() });
