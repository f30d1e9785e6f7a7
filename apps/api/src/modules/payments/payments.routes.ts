import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import { paymentWebhookAckSchema } from '@app/contract/orders';
import type { WebhookReceiver } from './payments.service.ts';

/**
 * Stripe retries and bursts from few addresses, and every request is verified before any work:
 * a limit far above the global one, never in Stripe's way, still caps a flood from one client.
 */
const WEBHOOK_RATE_LIMIT = { max: 10_000, timeWindow: '1 minute' };

/**
 * `POST /v1/payments/stripe/webhook`: no token; the signature over the exact bytes received is the
 * authentication. This plugin's scope keeps every body as raw bytes (JSON re-serialised would not
 * verify); the rest of the API keeps its own JSON parser.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookReceiver }> = async (app, { webhooks }) => {
  app.removeAllContentTypeParsers();
  // Any media type, even none: a body that is not Stripe's JSON fails verification with a 400, not a 415.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/v1/payments/stripe/webhook',
    {
      config: { rateLimit: WEBHOOK_RATE_LIMIT },
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: a verified event marks its order paid (completed and paid, async payment succeeded) or expired (expired, async payment failed)',
        description:
          'The body must be the exact bytes Stripe signed and `Stripe-Signature` must verify with STRIPE_WEBHOOK_SECRET, signed at most 300 s ago; ' +
          'otherwise 400 WEBHOOK_SIGNATURE_INVALID. Each event acts once: a replay answers 200 with `duplicate: true` and changes nothing. ' +
          'Other event types and sessions of other shops answer 200 and are ignored.',
        response: { 200: dataEnvelope(paymentWebhookAckSchema), 400: failure, 413: failure, 429: failure },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await webhooks.receive(rawBody, typeof signature === 'string' ? signature : undefined);
      return { success: true as const, data: { received: true as const, duplicate: outcome.duplicate } };
    },
  );
};
