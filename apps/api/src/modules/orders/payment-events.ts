import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEventHandler } from '../payments/payments.service.ts';

/**
 * What a verified payment event does to an order:
 * - paid → `markOrderPaid` (stock sold, coupon counted, referral earning, certificates,
 *   confirmation mail; a second delivery does nothing) — or, when the coupon ran out meanwhile or
 *   the order is no longer open, the order is cancelled and the payment refunded in full;
 * - expired → `expireOrder` (units released);
 * - refunded / refund-updated → the refund recorded or confirmed on the order's timeline.
 * Refunds a payment decided are sent after its commit: if the provider cannot be reached the
 * handler throws, the webhook answers an error, and the provider's retry sends them again (with
 * the same idempotency key, so never twice). An event about an order we do not have is
 * acknowledged (logged): any non-2xx answer makes the provider retry for days, to no avail.
 */
export function orderPaymentHandler(app: FastifyInstance): PaymentEventHandler {
  return async (event) => {
    if (event.kind === 'refunded') return app.orders.refunds.onPaymentRefunded(event.paymentId, event.refundedMinor);
    if (event.kind === 'refund-updated') return app.orders.refunds.onRefundUpdated(event.refundReference, event.status, event.failure);
    try {
      if (event.kind === 'paid') await app.orders.markOrderPaid(event.orderId, { reference: event.reference, paymentId: event.paymentId ?? null, amountMinor: event.amountMinor ?? null });
      else await app.orders.expireOrder(event.orderId, { actor: 'provider', note: 'The payment session closed without a payment' });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      app.log.warn({ event, code: error.code }, `payment event for order ${event.orderId} not applied: ${error.message}`);
      return null;
    }
    await app.orders.refunds.sendPending(event.orderId);
    return event.orderId;
  };
}
