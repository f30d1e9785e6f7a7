import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.ts';

/** Failure envelope: every non-2xx answer of the API has this shape. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  requestId: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Failed logins so far (spec §3, §8: from 5 the web shows the message as an error toast). */
  loginAttemptCount: z.number().int().optional(),
  /** When a locked account can log in again (ISO 8601). */
  lockedUntil: z.string().optional(),
  /** The address that still needs verifying, on EMAIL_NOT_VERIFIED. */
  email: z.string().optional(),
  isEmailChangeAttemptLeft: z.boolean().optional(),
  /** The businesses an account owns, on ACCOUNT_DELETION_BLOCKED: hand them over or close them first. */
  businesses: z.array(z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Success envelope carrying `data`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** Success envelope for paginated lists: `data` is the page, `meta` says where it sits. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), meta: pageMetaSchema });
}

export const messageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** Query/param helpers: numbers and flags arrive as strings in URLs. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
