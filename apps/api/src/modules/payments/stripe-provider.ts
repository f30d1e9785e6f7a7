import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEvent, PaymentProvider, StartPaymentInput, StartPaymentResult } from './payment-provider.ts';
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

/** The part of a Checkout Session event we act on; anything else in it is Stripe's business. */
const sessionEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(128),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      object: z.literal('checkout.session'),
      client_reference_id: z.string().nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
      payment_status: z.string().nullish(),
    }),
  }),
});
const anyEventSchema = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(128) });

/** Checkout Session event types and what they mean for the order (a completed one only when paid). */
const SESSION_EVENT_KINDS: Record<string, 'paid' | 'expired' | 'paid-if-paid'> = {
  'checkout.session.completed': 'paid-if-paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'expired',
  'checkout.session.async_payment_failed': 'expired',
};

const uuid = z.uuid();

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
      return readEvent(event);
    },
  };
}

/** A verified Stripe event as a PaymentEvent. Events about sessions that are not ours are ignored. */
function readEvent(event: unknown): PaymentEvent {
  const base = anyEventSchema.safeParse(event);
  if (!base.success) throw new AppError('VALIDATION_FAILED', 'The webhook event could not be read');
  const { id: eventId, type } = base.data;
  const kind = SESSION_EVENT_KINDS[type];
  if (!kind) return { kind: 'ignored', eventId, type };

  const parsed = sessionEventSchema.safeParse(event);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The webhook event could not be read');
  const session = parsed.data.data.object;
  // One Stripe account may serve other shops or environments: their sessions carry no order id of ours.
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? '';
  if (!uuid.safeParse(orderId).success) return { kind: 'ignored', eventId, type };
  // A completed session paid by a delayed method (bank debit) is paid later: async_payment_succeeded.
  if (kind === 'paid-if-paid' && session.payment_status !== 'paid') return { kind: 'ignored', eventId, type };
  return { kind: kind === 'expired' ? 'expired' : 'paid', orderId, reference: session.id, eventId };
}

function apiLocation(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
