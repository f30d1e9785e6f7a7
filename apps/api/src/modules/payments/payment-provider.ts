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

/** What a verified webhook says happened. */
export type PaymentEvent =
  | { kind: 'paid'; orderId: string; reference: string; eventId: string }
  | { kind: 'expired'; orderId: string; reference: string; eventId: string }
  | { kind: 'ignored'; eventId: string; type: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * True when `startPayment` always answers 'paid' without leaving the process (no network): the
   * order is then placed and paid in one transaction. Providers that call out (Stripe) say false,
   * so no transaction ever waits on the network.
   */
  readonly paysAtOnce: boolean;
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;
  /**
   * Verifies a webhook's signature over the exact raw body and reads it. Throws
   * AppError('WEBHOOK_SIGNATURE_INVALID') when it does not verify (forged, altered, too old).
   * Providers without webhooks (test) throw it always.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
