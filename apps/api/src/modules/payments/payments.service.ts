import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/**
 * Acts on one verified payment event: marks the order paid or expired, or records a refund (wired
 * by the orders module). Answers the id of the order it concerned, when it found one.
 */
export type PaymentEventHandler = (event: Exclude<PaymentEvent, { kind: 'ignored' }>) => Promise<string | null | void>;

export interface WebhookOutcome {
  /** The event was handled before (a replay or a retry): nothing was done this time. */
  duplicate: boolean;
}

/**
 * Webhook rules: verify, then act on each event once. The event is recorded only after the
 * handler succeeded, so a failure (answered with an error) leaves it unrecorded and the
 * provider's retry is handled; a crash between handling and recording can at worst call the
 * handler twice, which it must tolerate (paying a paid order changes nothing). See
 * docs/decisions/0014-payment-webhooks.md.
 */
export function createWebhookReceiver(deps: { provider: PaymentProvider; repo: PaymentsRepository; onPaymentEvent: PaymentEventHandler }) {
  return {
    async receive(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookOutcome> {
      const event = deps.provider.parseWebhook(rawBody, signatureHeader);
      if (event.kind === 'ignored') return { duplicate: false };
      if (await deps.repo.hasEvent(event.eventId)) return { duplicate: true };
      const concerned = await deps.onPaymentEvent(event);
      const orderId = 'orderId' in event ? event.orderId : (concerned ?? null);
      await deps.repo.recordEvent({ eventId: event.eventId, kind: event.kind, orderId });
      return { duplicate: false };
    },
  };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
