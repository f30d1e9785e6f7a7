import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { textField } from '../common/text-policy.ts';

/**
 * Giving an offset line (issue 27 item 1, decision 0051): the buyer names the recipient on a cart
 * line of an offset product before placing the order. The certificate then names the recipient
 * as beneficiary, and the recipient gets an email on the chosen day with a link to claim it.
 */
export const GIFT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 500;
/** How far ahead a delivery date may be chosen. */
export const GIFT_DELIVERY_MAX_DAYS = 366;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Today as the server and the form count it: the UTC calendar day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * What is wrong with a delivery date, or null: it must be a real day, today (UTC) or later, and
 * at most GIFT_DELIVERY_MAX_DAYS ahead.
 */
export function giftDeliveryProblem(deliverOn: string, now: Date): string | null {
  const day = new Date(`${deliverOn}T00:00:00Z`);
  if (!isoDay.test(deliverOn) || Number.isNaN(day.getTime()) || utcDay(day) !== deliverOn) return 'Choose a delivery date such as 2026-12-24';
  const today = utcDay(now);
  if (deliverOn < today) return 'The delivery date cannot be in the past';
  const last = utcDay(new Date(new Date(`${today}T00:00:00Z`).getTime() + GIFT_DELIVERY_MAX_DAYS * 86_400_000));
  if (deliverOn > last) return `The delivery date can be at most ${GIFT_DELIVERY_MAX_DAYS} days ahead`;
  return null;
}

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
