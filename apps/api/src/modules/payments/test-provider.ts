import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, StartPaymentResult } from './payment-provider.ts';

/**
 * The built-in provider of the embedded default (no STRIPE_SECRET_KEY): no money moves, the
 * order is paid at once and the web says so on screen. Its reference is `test_<uuid>`.
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async startPayment(): Promise<StartPaymentResult> {
      return { kind: 'paid', reference: `test_${randomUUID()}` };
    },
    parseWebhook() {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The test payment provider sends no webhooks');
    },
  };
}
