import { z } from 'zod';
import { actorSchema, adminListQuerySchema, isoDateSchema } from './common.ts';

/**
 * `audit` (read only; no route changes it, and the database refuses UPDATE and DELETE of its
 * rows): every operator write, recorded in the same transaction as the write.
 */

/** Where a write came from: the console's API, the command line, or the shop itself (start-up). */
export const AUDIT_SOURCES = ['console', 'cli', 'system'] as const;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: actorSchema,
  source: z.enum(AUDIT_SOURCES),
  /** `<entity>.<verb>`, e.g. `product.update`, `stock.adjust`, `review.hide`, `operator.invite`. */
  action: z.string(),
  /** The kind of record: product, category, tag, coupon, review, customer, newsletter-issue, operator, … */
  entity: z.string(),
  /** The record's id (or code, for records known by one). */
  entityId: z.string().nullable(),
  /** A line a person reads: "Renamed category Forestry to Forests". */
  summary: z.string(),
  /** The changed fields as they were before and after (only those that changed; null when created or removed). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORTS = ['at'] as const;
export const auditListQuerySchema = adminListQuerySchema(AUDIT_SORTS, { sort: 'at', order: 'desc' }).extend({
  /** The actor's email (exact) or account id. */
  actor: z.string().trim().max(254).optional(),
  /** An action (`product.update`) or all of an entity's (`product.`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z-]+\.?[a-z-]*$/, 'action looks like product.update or product.')
    .optional(),
  entity: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z-]+$/, 'entity is a word such as product')
    .optional(),
  entityId: z.string().trim().max(100).optional(),
  source: z.enum(AUDIT_SOURCES, { error: `source is one of ${AUDIT_SOURCES.join(', ')}` }).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
