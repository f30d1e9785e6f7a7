import { z } from 'zod';

/** What the payment webhook answers a verified event (the provider only needs a 2xx). */
export const paymentWebhookAckSchema = z.object({
  received: z.literal(true),
  /** The event was handled before (a replay or a retry): nothing was done this time. */
  duplicate: z.boolean(),
});
export type PaymentWebhookAck = z.infer<typeof paymentWebhookAckSchema>;
