import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The embedded default (no STRIPE_SECRET_KEY): nothing is charged and the order is paid at once;
 * the web says so on screen. It has no webhooks, so every webhook sent to it is refused.
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    paysAtOnce: true,
    async startPayment(input) {
      return { kind: 'paid', reference: `test_${input.orderId}` };
    },
    // Nothing was charged, so there is nothing to send back: the refund is done at once.
    async refund(input) {
      return { status: 'succeeded', reference: `test_refund_${input.refundId}` };
    },
    parseWebhook() {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The test payment provider sends no webhooks');
    },
  };
}
