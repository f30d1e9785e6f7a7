import type Stripe from 'stripe';
import { uuidv7Millis } from '../../lib/uuid.ts';
import type { StartPaymentInput } from './payment-provider.ts';

/** Stripe refuses a Checkout Session in payment mode with more line items than this. */
const MAX_LINE_ITEMS = 100;
/** Stripe's longest accepted product name is far longer; past this a name is no longer readable on its page. */
const MAX_NAME_LENGTH = 120;

/**
 * A Checkout Session closes this long after its order was placed. Stripe accepts 30 minutes to
 * 24 hours from the session's creation; the extra 6 minutes let a retry of the same order within
 * that time send exactly the same parameters (see `sessionExpiresAt`). The order's stock
 * reservation should last at least this long, or a buyer could pay for released stock.
 */
export const STRIPE_SESSION_CLOSES_AFTER_MS = 36 * 60 * 1000;
/** Stripe's shortest session lifetime, plus a minute for our clock running ahead of Stripe's. */
const SHORTEST_LIFETIME_MS = 31 * 60 * 1000;

/** The Stripe idempotency key of an order's session: a retry answers the first session, never a second. */
export function checkoutIdempotencyKey(orderId: string): string {
  return `checkout-session-${orderId}`;
}

/**
 * When the session closes, in epoch seconds. Stripe answers a reused idempotency key with an
 * error when any parameter differs, so this must not depend on when the call is made: it is
 * derived from the order's placement time (inside its uuidv7 id). Only a call made more than
 * 5 minutes after placement (or for a non-v7 id) falls back to "now + Stripe's minimum".
 */
export function sessionExpiresAt(orderId: string, now: number): number {
  const placedAt = uuidv7Millis(orderId) ?? now;
  const closesAt = Math.max(placedAt + STRIPE_SESSION_CLOSES_AFTER_MS, now + SHORTEST_LIFETIME_MS);
  return Math.ceil(closesAt / 1000);
}

/**
 * Stripe's line items for the order. Stripe's smallest currency unit is our minor unit for all
 * seven currencies (cents, pence, paise, fen; JPY is zero-decimal on both sides), so amounts pass
 * through unchanged. The buyer is charged exactly `totalMinor`, the frozen total: when the lines
 * do not add up to it (a coupon discounted the order) or are too many for Stripe, one line
 * "Order GM-…" of the total replaces them. A Stripe coupon would have to be created per order
 * and could round a percentage differently from our rules.
 */
export function checkoutLineItems(input: StartPaymentInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = input.currency.toLowerCase();
  const linesSum = input.lines.reduce((sum, line) => sum + line.unitAmountMinor * line.quantity, 0);
  const itemised = input.lines.length > 0 && input.lines.length <= MAX_LINE_ITEMS && linesSum === input.totalMinor;
  if (itemised) {
    return input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: { currency, unit_amount: line.unitAmountMinor, product_data: { name: readableName(line.name) } },
    }));
  }
  const count = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const description = linesSum > input.totalMinor ? `${count} item${count === 1 ? '' : 's'}, your discount included` : `${count} item${count === 1 ? '' : 's'}`;
  return [
    {
      quantity: 1,
      price_data: { currency, unit_amount: input.totalMinor, product_data: { name: `Order ${input.orderNumber}`, description } },
    },
  ];
}

function readableName(name: string): string {
  const trimmed = name.trim() || 'Item';
  return trimmed.length > MAX_NAME_LENGTH ? `${trimmed.slice(0, MAX_NAME_LENGTH - 1)}…` : trimmed;
}

/** The whole Checkout Session request for an order. */
export function checkoutSessionParams(input: StartPaymentInput, now: number): Stripe.Checkout.SessionCreateParams {
  const metadata = { orderId: input.orderId, orderNumber: input.orderNumber };
  return {
    mode: 'payment',
    line_items: checkoutLineItems(input),
    client_reference_id: input.orderId,
    metadata,
    // The payment in the Stripe dashboard names the order too, not only the session.
    payment_intent_data: { metadata },
    customer_email: input.customerEmail,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: sessionExpiresAt(input.orderId, now),
  };
}
