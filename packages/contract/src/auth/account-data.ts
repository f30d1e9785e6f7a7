import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './limits.ts';

/**
 * A customer's right to take their data and leave (issue 25, decision 0045): the export of
 * everything the shop holds about them, and the deletion of their account.
 */

/** What the customer types to confirm a deletion (the second confirmation after the password). */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';

/** The name reviews kept after a deletion show instead of the reviewer's. */
export const FORMER_CUSTOMER_NAME = 'A former customer';

export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH * 2),
  confirmation: z
    .string({ error: `Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm` })
    .max(40)
    .refine((value) => value.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION, `Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`),
  /** keep: reviews stay, shown as "A former customer"; delete: they are removed. */
  reviews: z.enum(['keep', 'delete'], { error: 'Choose whether to keep or delete your reviews' }).default('keep'),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Unpaid orders cancelled (their stock and coupon holds released). */
    cancelledOrders: z.number().int(),
    /** Paid orders kept for the books, with the buyer anonymised. */
    keptOrders: z.number().int(),
    keptReviews: z.number().int(),
    deletedReviews: z.number().int(),
  }),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** The export: one JSON document; its sections are described in docs/shopping-and-accounts.md. */
export const accountExportSchema = z.object({
  format: z.literal('carbonwise-account-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
}).catchall(z.unknown());
export type AccountExport = z.infer<typeof accountExportSchema>;
