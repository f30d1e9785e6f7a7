/** The gift rules without zod (decision 0051), shared by the checkout form and the server. */
export const GIFT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 500;
/** How far ahead a delivery date may be chosen. */
export const GIFT_DELIVERY_MAX_DAYS = 366;

export const isoDay = /^\d{4}-\d{2}-\d{2}$/;

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

