import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEvent } from './payment-provider.ts';

/**
 * Reading a verified Stripe event: the Checkout Session events that pay or expire an order, and
 * the refund events that confirm money went back. Anything else is acknowledged and ignored.
 */

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
      // A string unless the event was expanded; the payment a refund names.
      payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
      amount_total: z.number().int().nonnegative().nullish(),
    }),
  }),
});

/** charge.refunded: `amount_refunded` is everything refunded on the charge so far (so replays and reordering are harmless). */
const chargeEventSchema = z.object({
  data: z.object({
    object: z.object({
      object: z.literal('charge'),
      payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
      amount_refunded: z.number().int().nonnegative(),
    }),
  }),
});

/** refund.updated: one refund's outcome (Stripe says pending, requires_action, succeeded, failed or canceled). */
const refundEventSchema = z.object({
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      object: z.literal('refund'),
      status: z.string().nullish(),
      failure_reason: z.string().nullish(),
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
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const unreadable = () => new AppError('VALIDATION_FAILED', 'The webhook event could not be read');

/** A verified Stripe event as a PaymentEvent. Events about sessions that are not ours are ignored. */
export function readStripeEvent(event: unknown): PaymentEvent {
  const base = anyEventSchema.safeParse(event);
  if (!base.success) throw unreadable();
  const { id: eventId, type } = base.data;
  if (type === 'charge.refunded') return readChargeRefunded(event, eventId, type);
  if (type === 'refund.updated') return readRefundUpdated(event, eventId);
  const kind = SESSION_EVENT_KINDS[type];
  if (!kind) return { kind: 'ignored', eventId, type };

  const parsed = sessionEventSchema.safeParse(event);
  if (!parsed.success) throw unreadable();
  const session = parsed.data.data.object;
  // One Stripe account may serve other shops or environments: their sessions carry no order id of ours.
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? '';
  if (!uuid.safeParse(orderId).success) return { kind: 'ignored', eventId, type };
  // A completed session paid by a delayed method (bank debit) is paid later: async_payment_succeeded.
  if (kind === 'paid-if-paid' && session.payment_status !== 'paid') return { kind: 'ignored', eventId, type };
  if (kind === 'expired') return { kind: 'expired', orderId, reference: session.id, eventId };
  return { kind: 'paid', orderId, reference: session.id, paymentId: idOf(session.payment_intent), amountMinor: session.amount_total ?? null, eventId };
}

function readChargeRefunded(event: unknown, eventId: string, type: string): PaymentEvent {
  const parsed = chargeEventSchema.safeParse(event);
  if (!parsed.success) throw unreadable();
  const paymentId = idOf(parsed.data.data.object.payment_intent);
  // A charge without a PaymentIntent was not made by one of our Checkout Sessions.
  if (!paymentId) return { kind: 'ignored', eventId, type };
  return { kind: 'refunded', paymentId, refundedMinor: parsed.data.data.object.amount_refunded, eventId };
}

function readRefundUpdated(event: unknown, eventId: string): PaymentEvent {
  const parsed = refundEventSchema.safeParse(event);
  if (!parsed.success) throw unreadable();
  const refund = parsed.data.data.object;
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { kind: 'refund-updated', refundReference: refund.id, status, failure: status === 'failed' ? (refund.failure_reason ?? refund.status ?? 'failed') : null, eventId };
}
