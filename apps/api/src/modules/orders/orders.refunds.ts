import type { FastifyBaseLogger } from 'fastify';
import { isSupportedCurrency } from '@app/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../cart/cart.repository.ts';
import { moneyText } from '../coupons/coupon.rules.ts';
import { RefundRefusedError, type PaymentProvider } from '../payments/payment-provider.ts';
import { recordEvents, type OrderActor } from './order-state.ts';
import { ordersRepository as repo, type OrderRow } from './orders.repository.ts';
import { refundsRepository as refunds, type RefundRow } from './refunds.repository.ts';

export interface RefundRequest {
  amountMinor: number;
  /** coupon_exhausted | order_not_payable | (issue 25) requested … */
  reason: string;
  /** One decision, one refund: a second request with this key does nothing. */
  requestKey: string;
  actor: OrderActor;
  actorUserId?: string | null;
  /** Shown on the timeline. */
  note?: string | null;
  /** An operator's refund: the reason as typed, and what it covers (decision 0042). */
  reasonText?: string | null;
  scope?: RefundRow['scope'];
  /**
   * A payment that arrived and is refunded at once (not accepted): added to what was paid, and
   * recorded on the timeline as received, only when this request is new.
   */
  received?: { amountMinor: number; note?: string | null };
}

const currencyOf = (order: Pick<OrderRow, 'currency'>) => (isSupportedCurrency(order.currency) ? order.currency : 'USD');

/**
 * Refunds through the payment provider (decision 0026). A refund is decided inside a transaction
 * (a row in order_refunds, the order's refunded amount raised by a conditional update that keeps it
 * within what was paid, a timeline row), and sent after the commit with the row's id as the
 * provider's idempotency key: a retry after a lost answer gets the same refund, never a second.
 * The test provider refunds at once; Stripe may answer `pending` and confirm by webhook.
 */
export function createOrderRefunds({ db, provider, log }: { db: Database; provider: PaymentProvider; log: FastifyBaseLogger }) {
  /** Decides a refund in the caller's transaction (the order row locked by the caller). Null: this request key was used before. */
  async function requestInTx(tx: Tx, order: OrderRow, request: RefundRequest): Promise<RefundRow | null> {
    if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) {
      throw new AppError('VALIDATION_FAILED', 'A refund is a whole, positive amount in minor units', { fields: { amountMinor: ['must be a whole number above 0'] } });
    }
    const reserved = await refunds.reserve(
      tx,
      { orderId: order.id, amountMinor: request.amountMinor, currency: order.currency, reason: request.reason, requestKey: request.requestKey, requestedByUserId: request.actorUserId ?? null, reasonText: request.reasonText ?? null, scope: request.scope ?? null },
      request.received?.amountMinor ?? 0,
    );
    if (reserved === 'duplicate') return null;
    if (reserved === 'exceeds') {
      const left = Math.max(order.paidMinor - order.refundedMinor, 0);
      throw new AppError('REFUND_EXCEEDS_PAYMENT', `A refund of ${moneyText(request.amountMinor, currencyOf(order))} is more than is left to refund on order ${order.orderNumber} (${moneyText(left, currencyOf(order))})`);
    }
    await recordEvents(tx, order, [
      ...(request.received ? [{ actor: 'provider' as const, kind: 'payment_received' as const, amountMinor: request.received.amountMinor, note: request.received.note ?? null }] : []),
      { actor: request.actor, actorUserId: request.actorUserId, kind: 'refund_requested', amountMinor: request.amountMinor, note: request.note ?? null },
    ]);
    return reserved;
  }

  async function markFailed(order: OrderRow, refund: RefundRow, reason: string) {
    await db.transaction(async (tx) => {
      const failed = await refunds.fail(tx, refund.id, reason);
      if (failed) await recordEvents(tx, order, [{ actor: 'provider', kind: 'refund_failed', amountMinor: refund.amountMinor, note: 'The refund could not be made. We will contact you about it.' }, { actor: 'provider', kind: 'refund_failed', note: reason, internal: true }]);
    });
    log.error({ orderId: order.id, refundId: refund.id, reason }, 'orders: a refund was refused by the payment provider; an operator must settle it');
  }

  async function settled(order: OrderRow, refund: RefundRow, status: 'succeeded' | 'pending', providerRefundId: string) {
    await db.transaction(async (tx) => {
      const row = await refunds.settle(tx, refund.id, { status, providerRefundId });
      if (row && status === 'succeeded') await recordEvents(tx, order, [{ actor: 'provider', kind: 'refunded', amountMinor: refund.amountMinor }]);
    });
  }

  /**
   * Sends the order's refunds not yet sent. A refusal for good marks the refund failed (its amount
   * can be refunded again) and tells operators; any other failure throws, so the webhook that
   * started it answers an error and the provider's retry sends it again with the same key.
   */
  async function sendPending(orderId: string): Promise<void> {
    const unsent = await refunds.unsent(db, orderId);
    if (unsent.length === 0) return;
    const order = (await repo.findById(db, orderId))!;
    for (const refund of unsent) {
      let result;
      try {
        result = await provider.refund({ refundId: refund.id, orderId, orderNumber: order.orderNumber, paymentId: order.providerPaymentId, amountMinor: refund.amountMinor, currency: currencyOf(order), reason: refund.reason });
      } catch (error) {
        if (!(error instanceof RefundRefusedError)) throw error;
        await markFailed(order, refund, error.reason);
        continue;
      }
      await settled(order, refund, result.status, result.reference);
    }
  }

  return {
    requestInTx,
    sendPending,

    /**
     * Refunds part or all of what was paid for an order, now (issue 25's operator refunds build on
     * this). Throws REFUND_EXCEEDS_PAYMENT past what is left; a reused request key does nothing.
     */
    async refundOrder(orderId: string, request: RefundRequest): Promise<RefundRow | null> {
      const refund = await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND', 'Order was not found');
        return requestInTx(tx, order, request);
      });
      await sendPending(orderId);
      return refund;
    },

    /**
     * Stripe `charge.refunded`: everything refunded on the payment so far. Money refunded outside
     * the shop (Stripe's dashboard) is recorded on the timeline, and our refunds Stripe had taken
     * as pending are confirmed once the payment shows them. Answers the order's id, if it is ours.
     */
    async onPaymentRefunded(paymentId: string, refundedMinor: number): Promise<string | null> {
      const order = await repo.findByPaymentId(db, paymentId);
      if (!order) return null;
      await db.transaction(async (tx) => {
        const outside = await refunds.raiseTo(tx, order.id, refundedMinor);
        if (outside > 0) await recordEvents(tx, order, [{ actor: 'provider', kind: 'refunded', amountMinor: outside, note: 'Refunded directly with the payment provider' }]);
        const now = await repo.findById(tx, order.id);
        if (!now || refundedMinor < now.refundedMinor) return;
        for (const refund of await refunds.awaitingConfirmation(tx, order.id)) {
          if (await refunds.settle(tx, refund.id, { status: 'succeeded', providerRefundId: refund.providerRefundId! })) {
            await recordEvents(tx, order, [{ actor: 'provider', kind: 'refunded', amountMinor: refund.amountMinor }]);
          }
        }
      });
      return order.id;
    },

    /** Stripe `refund.updated`: one of our refunds succeeded or failed. Answers the order's id, if it is ours. */
    async onRefundUpdated(providerRefundId: string, status: 'succeeded' | 'pending' | 'failed', failure: string | null): Promise<string | null> {
      const refund = await refunds.byProviderId(db, providerRefundId);
      if (!refund) return null;
      const order = (await repo.findById(db, refund.orderId))!;
      if (status === 'succeeded') await settled(order, refund, 'succeeded', providerRefundId);
      else if (status === 'failed') await markFailed(order, refund, failure ?? 'failed');
      return order.id;
    },
  };
}
export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
