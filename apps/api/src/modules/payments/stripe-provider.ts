import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import { RefundRefusedError, type PaymentEvent, type PaymentProvider, type RefundInput, type RefundResult, type StartPaymentInput, type StartPaymentResult } from './payment-provider.ts';
import { readStripeEvent } from './stripe-events.ts';
import { checkoutIdempotencyKey, checkoutSessionParams } from './stripe-checkout.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Send API calls here instead of https://api.stripe.com (a local fake in tests). */
  apiBase?: string;
  /** Where failed Stripe calls are logged: the buyer sees a generic message, operators need the reason. */
  log?: { error(details: object, message: string): void };
  /** Clock for the session's expiry (tests). */
  now?: () => number;
}

/** How old a signed webhook may be: Stripe's default, against replays of captured requests. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The buyer waits on this call; Stripe's default of 80 s is far too long for a checkout. */
const REQUEST_TIMEOUT_MS = 20_000;

const START_FAILED = 'Payment could not be started; nothing was charged. Please try again.';

/**
 * Stripe Checkout: the buyer pays on Stripe's page; the order is paid only when a webhook whose
 * signature verifies says so. Amounts need no conversion (see stripe-checkout.ts).
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // Safe to retry: every session request carries the order's idempotency key.
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    ...apiLocation(options.apiBase),
  });
  const now = options.now ?? Date.now;

  return {
    name: 'stripe',
    paysAtOnce: false,

    async startPayment(input: StartPaymentInput): Promise<StartPaymentResult> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(checkoutSessionParams(input, now()), { idempotencyKey: checkoutIdempotencyKey(input.orderId) });
      } catch (error) {
        options.log?.error({ err: error, orderId: input.orderId }, 'Stripe refused to create a Checkout Session');
        throw new AppError('PAYMENT_PROVIDER_FAILED', START_FAILED);
      }
      if (!session.url) {
        options.log?.error({ orderId: input.orderId, session: session.id }, 'Stripe answered a Checkout Session without a URL');
        throw new AppError('PAYMENT_PROVIDER_FAILED', START_FAILED);
      }
      return { kind: 'redirect', checkoutUrl: session.url, reference: session.id };
    },

    /**
     * `POST /v1/refunds` for the order's PaymentIntent. The idempotency key is our refund row's id:
     * a retry after a lost answer (ours, or the SDK's own two) gets the first refund back, never a
     * second one. Stripe's 4xx answers (already refunded, more than is left, unknown payment) are
     * final; anything else (network, 5xx, 429) may be retried with the same row.
     */
    async refund(input: RefundInput): Promise<RefundResult> {
      if (!input.paymentId) throw new RefundRefusedError('No Stripe payment is recorded for this order');
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: input.paymentId, amount: input.amountMinor, metadata: { orderId: input.orderId, orderNumber: input.orderNumber, refundId: input.refundId, reason: input.reason } },
          { idempotencyKey: refundIdempotencyKey(input.refundId) },
        );
      } catch (error) {
        options.log?.error({ err: error, orderId: input.orderId, refundId: input.refundId }, 'Stripe refused or did not answer a refund');
        if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) {
          throw new RefundRefusedError(error.message);
        }
        throw new AppError('PAYMENT_PROVIDER_FAILED', 'The refund could not be sent to Stripe; it will be tried again');
      }
      if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefusedError(refund.failure_reason ?? `Stripe answered the refund ${refund.status}`);
      return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', reference: refund.id };
    },

    /** Expires the Checkout Session, so a cancelled order's page can no longer take money. */
    async cancelPayment(reference: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(reference);
      } catch (error) {
        // Already paid, expired or completed: the webhook tells us what happened, and a payment is refunded.
        options.log?.error({ err: error, session: reference }, 'Stripe did not expire a Checkout Session');
      }
    },

    parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header is missing');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        // The body is parsed only after its signature verified: only someone holding the secret could send this.
        if (error instanceof SyntaxError) throw new AppError('VALIDATION_FAILED', 'The webhook event could not be read');
        // Everything else failed verification, including headers the SDK cannot even take apart.
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not verify: it is forged, altered or too old');
      }
      return readStripeEvent(event);
    },
  };
}

/** The Stripe idempotency key of one of our refunds. */
export function refundIdempotencyKey(refundId: string): string {
  return `refund-${refundId}`;
}

function apiLocation(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
