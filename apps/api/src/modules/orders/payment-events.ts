import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEventHandler } from '../payments/payments.service.ts';

/**
 * What a verified payment event does to an order: paid → `markOrderPaid` (stock sold, coupon
 * redeemed, referral earning, certificates, confirmation mail; a second delivery does nothing),
 * expired → `expireOrder` (units released). An event about an order we do not have, or one that
 * can no longer be paid, is acknowledged (logged) rather than refused: any non-2xx answer makes
 * the provider retry for days, and retrying cannot change the outcome.
 */
export function orderPaymentHandler(app: FastifyInstance): PaymentEventHandler {
  return async (event) => {
    try {
      if (event.kind === 'paid') await app.orders.markOrderPaid(event.orderId, event.reference);
      else await app.orders.expireOrder(event.orderId);
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'NOT_FOUND' && error.code !== 'ORDER_NOT_PAYABLE')) throw error;
      // Paid after the order expired: the money must go back; an operator sees this in the log.
      const level = event.kind === 'paid' && error.code === 'ORDER_NOT_PAYABLE' ? 'error' : 'warn';
      app.log[level]({ event, code: error.code }, `payment event for order ${event.orderId} not applied: ${error.message}`);
    }
  };
}
