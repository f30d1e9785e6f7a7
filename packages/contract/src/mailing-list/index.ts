import { z } from 'zod';
import { NEWSLETTER_INVALID_EMAIL } from './rules.ts';

export * from './rules.ts';

/** POST /v1/mailing-lists body. The message is the spec's (§5), so the web can show it as is. */
export const mailingListBodySchema = z.object({
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email({ error: NEWSLETTER_INVALID_EMAIL })),
});
export type MailingListBody = z.input<typeof mailingListBodySchema>;

/** The answer of every successful (200/201) subscribe; spec §7 reads message and existingUser. */
export const mailingListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  existingUser: z.boolean(),
});
export type MailingListResponse = z.infer<typeof mailingListResponseSchema>;

/** Links in mails: a token of bounded length (a garbage one gets the honest page, never a 500). */
export const mailingListTokenQuerySchema = z.object({ tk: z.string().max(512).optional() });

/** GET /v1/metrics: public platform figures for the home page. */
export const platformMetricsSchema = z.object({
  products: z.number().int(),
  orders: z.number().int(),
  tonnesRetired: z.number(),
  members: z.number().int(),
  /** When the figures were computed (ISO 8601); they are cached for a short while. */
  updatedAt: z.string(),
});
export type PlatformMetrics = z.infer<typeof platformMetricsSchema>;
export const platformMetricsResponseSchema = z.object({ success: z.literal(true), data: platformMetricsSchema });
