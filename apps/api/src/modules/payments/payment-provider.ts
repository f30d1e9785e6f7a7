import type { Currency } from '@app/contract';
import type { PaymentProviderName } from '@app/contract/orders';

/**
 * One interface for taking payment, two implementations: the built-in test provider (the
 * embedded default: pays at once, labelled as such on screen) and Stripe (`STRIPE_SECRET_KEY`).
 * The orders service places an order, then asks the provider to start a payment; an order is
 * marked paid only by `orders.markPaid(orderId, reference)`, called either at once (test
 * provider) or from a webhook whose signature verifies (Stripe).
 */

export interface PaymentLine {
  name: string;
  quantity: number;
  /** Frozen unit price in minor units of the order's currency. */
  unitAmountMinor: number;
}

export interface StartPaymentInput {
  orderId: string;
  orderNumber: string;
  currency: Currency;
  /** What to charge, after discount, in minor units. */
  totalMinor: number;
  lines: PaymentLine[];
  customerEmail: string;
  /** Where the provider sends the browser back to (absolute URLs built from PUBLIC_URL). */
  successUrl: string;
  cancelUrl: string;
}

export type StartPaymentResult =
  /** Paid already (test provider): the caller marks the order paid with this reference. */
  | { kind: 'paid'; reference: string }
  /** The browser must go to `checkoutUrl`; a webhook will say when it is paid. */
  | { kind: 'redirect'; checkoutUrl: string; reference: string };

/** A payment as the provider reports it: what refunds name, and how much was taken. */
export interface ReceivedPayment {
  /** The checkout's reference (Stripe: the Checkout Session id). */
  reference: string;
  /** The payment itself (Stripe: the PaymentIntent id), which a refund names; null when the provider needs none. */
  paymentId?: string | null;
  /** What was charged, in minor units of the order's currency (null: the order's total). */
  amountMinor?: number | null;
}

/** What a verified webhook says happened. */
export type PaymentEvent =
  | ({ kind: 'paid'; orderId: string; eventId: string } & ReceivedPayment)
  | { kind: 'expired'; orderId: string; reference: string; eventId: string }
  /** Money went back on a payment (Stripe charge.refunded): `refundedMinor` is everything refunded on it so far. */
  | { kind: 'refunded'; paymentId: string; refundedMinor: number; eventId: string }
  /** One refund settled or failed (Stripe refund.updated). */
  | { kind: 'refund-updated'; refundReference: string; status: 'succeeded' | 'pending' | 'failed'; failure: string | null; eventId: string }
  | { kind: 'ignored'; eventId: string; type: string };

/** Giving money back on a payment (issue 23 item 3; issue 25 builds operator refunds on it). */
export interface RefundInput {
  /** Our order_refunds row: the provider's idempotency key is derived from it, so a retry never refunds twice. */
  refundId: string;
  orderId: string;
  orderNumber: string;
  /** ReceivedPayment.paymentId of the payment to refund. */
  paymentId: string | null;
  /** In minor units of `currency`; never more than was paid (the orders module guarantees it). */
  amountMinor: number;
  currency: Currency;
  /** Why, in our words (coupon_exhausted, order_not_payable …): kept in the provider's metadata. */
  reason: string;
}

export type RefundResult =
  /** Money is on its way back (`succeeded`), or the provider will confirm later by webhook (`pending`). */
  { status: 'succeeded' | 'pending'; reference: string };

/**
 * The provider said no for good (already refunded, unknown payment, more than is left): asking
 * again cannot succeed. Any other failure of `refund` (network, the provider down) may be retried
 * with the same refund id.
 */
export class RefundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefundRefusedError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * True when `startPayment` always answers 'paid' without leaving the process (no network): the
   * order is then placed and paid in one transaction. Providers that call out (Stripe) say false,
   * so no transaction ever waits on the network.
   */
  readonly paysAtOnce: boolean;
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;
  /** Refunds `amountMinor` of a payment. Throws RefundRefusedError when the provider refuses for good. */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Closes a checkout that is no longer wanted (the buyer cancelled the order) so it cannot be
   * paid any more; best effort (a payment that still arrives is refunded). Optional.
   */
  cancelPayment?(reference: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the exact raw body and reads it. Throws
   * AppError('WEBHOOK_SIGNATURE_INVALID') when it does not verify (forged, altered, too old).
   * Providers without webhooks (test) throw it always.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
