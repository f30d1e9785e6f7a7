import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createWebhookReceiver, type PaymentEventHandler } from './payments.service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestPaymentProvider } from './test-provider.ts';

/** Stripe when STRIPE_SECRET_KEY is set (config requires its webhook secret then), else the test provider. */
export function createPaymentProvider(config: Config, log: FastifyInstance['log']): PaymentProvider {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return createTestPaymentProvider();
  return createStripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiBase: config.stripeApiBase, log });
}

/** The payment webhook under /api. Kept out of app.ts so that file changes by one line. */
export async function registerPayments(app: FastifyInstance, deps: { db: Database; provider: PaymentProvider; onPaymentEvent: PaymentEventHandler }) {
  const webhooks = createWebhookReceiver({ provider: deps.provider, repo: createPaymentsRepository(deps.db), onPaymentEvent: deps.onPaymentEvent });
  await app.register(async (api) => api.register(paymentsRoutes, { webhooks }), { prefix: '/api' });
}
