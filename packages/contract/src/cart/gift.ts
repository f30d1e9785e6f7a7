import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { textField } from '../common/text-policy.ts';

/**
 * Giving an offset line (issue 27 item 1, decision 0051): the buyer names the recipient on a cart
 * line of an offset product before placing the order. The certificate then names the recipient
 * as beneficiary, and the recipient gets an email on the chosen day with a link to claim it.
 */
export { GIFT_NAME_MAX, GIFT_MESSAGE_MAX, GIFT_DELIVERY_MAX_DAYS, utcDay, giftDeliveryProblem } from './gift-rules.ts';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, isoDay } from './gift-rules.ts';

export const giftInputSchema = z.object({
  name: textField({ label: "recipient's name", max: GIFT_NAME_MAX, required: true }),
  email: emailSchema,
  message: textField({ label: 'message', max: GIFT_MESSAGE_MAX, multiline: true }).nullish(),
  /** YYYY-MM-DD (UTC); left out or null: the email goes when the order is paid. */
  deliverOn: z.string().trim().regex(isoDay, 'Choose a delivery date such as 2026-12-24').nullish(),
});
export type GiftInput = z.infer<typeof giftInputSchema>;

/** `PATCH /v1/carts/{id}/gift`: make the line a gift, or (null) not a gift any more. */
export const cartGiftBodySchema = z.object({ gift: giftInputSchema.nullable() });
export type CartGiftBody = z.infer<typeof cartGiftBodySchema>;

/** The gift as a cart line shows it. */
export const cartLineGiftSchema = z.object({
  name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  deliverOn: z.string().nullable(),
});
export type CartLineGift = z.infer<typeof cartLineGiftSchema>;

/** The gift as the giver's order line shows it ("given to …"). */
export const orderLineGiftSchema = z.object({
  name: z.string(),
  deliverOn: z.string().nullable(),
  /** The recipient has claimed it: its tonnes count for them, no longer for the giver. */
  claimed: z.boolean(),
});
export type OrderLineGift = z.infer<typeof orderLineGiftSchema>;
