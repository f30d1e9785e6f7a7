import { z } from 'zod';
import { publicCertificateSchema } from './certificate.ts';

/**
 * Claiming a gift (decision 0051). The recipient's email links to the web page `/gifts/{token}`;
 * the token (43 URL-safe characters, 256 random bits) is the only key to the gift. Reading it is
 * public (the page shows what was given before the recipient signs in); claiming needs the
 * account whose verified email is the one the gift was sent to, and succeeds once.
 */
export const GIFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const giftTokenSchema = z.string({ error: 'Send the token from the gift email' }).trim().regex(GIFT_TOKEN_PATTERN, 'This is not a gift link');
export const giftTokenParamsSchema = z.object({ token: giftTokenSchema });
export const giftClaimBodySchema = z.object({ token: giftTokenSchema });

/** The web page the recipient's email links to. */
export const giftClaimPath = (token: string) => `/gifts/${encodeURIComponent(token)}`;

export const giftViewSchema = z.object({
  certificate: publicCertificateSchema,
  /** The giver's name as the order names the buyer. */
  fromName: z.string(),
  recipientName: z.string(),
  /** The address the gift was sent to: only the account with this verified email can claim it. */
  recipientEmail: z.string(),
  message: z.string().nullable(),
  claimed: z.boolean(),
  /** The certificate can still be claimed: valid and not claimed yet. */
  claimable: z.boolean(),
});
export type GiftView = z.infer<typeof giftViewSchema>;

export const giftViewEnvelopeSchema = z.object({ success: z.literal(true), data: giftViewSchema });
export const giftClaimEnvelopeSchema = z.object({ success: z.literal(true), message: z.string(), data: giftViewSchema });
