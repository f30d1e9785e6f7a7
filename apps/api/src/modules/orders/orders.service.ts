import { isSupportedCurrency } from '@app/contract';
import type { Announcer } from '../../db/announce.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Order, orderCreateBodySchema } from '@app/contract/orders';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { forgetCart } from '../cart/cart.store.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { createOrderPayments, type PaymentDeps } from './orders.payment.ts';
import { lineLabel, requestHash, type UnpaidLimits } from './orders.pricing.ts';
import type { PlaceBody } from './orders.decide.ts';
import { createAtOncePlacement } from './orders.place-at-once.ts';
import { createOrderRefunds } from './orders.refunds.ts';
import { createBuyerCancel } from './orders.cancel.ts';
import { createOperatorOrders } from './orders.operator.ts';
import { ordersRepository as repo, type OrderCertificateRow, type OrderItemRow, type OrderRow } from './orders.repository.ts';
import { readOrders } from './orders.reads.ts';

export { REFERRAL_EARNING_PERCENT, type MarkPaidResult } from './orders.payment.ts';



export interface OrdersDeps extends PaymentDeps {
  catalog: Pick<CatalogHandle, 'snapshot' | 'changed' | 'onChange'>;
  /** What an order paid at once changed, told after its commit (its transaction does not notify). */
  announcer: Pick<Announcer, 'announce'>;
  provider: PaymentProvider;
  /** How long a placed, unpaid order holds its stock. */
  reservationMs: number;
  /** What unpaid orders may hold (decision 0025). */
  unpaidLimits: UnpaidLimits;
  /** Staff may refund an order up to this much in all (decision 0042). */
  staffRefundLimitMinor?: number;
}

export interface OrderAnswer {
  success: true;
  message: string;
  data: Order;
}


/**
 * Orders (spec §3, §4, §7): placing one from the buyer's server cart, paying it through the
 * configured provider, and reading them. `markOrderPaid` and `expireOrder` are what the Stripe
 * webhook and the expiry sweeper call.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, catalog, provider, reservationMs, unpaidLimits } = deps;
  const now = deps.now ?? (() => new Date());
  const refunds = createOrderRefunds({ db, provider, log: deps.log });
  const payments = createOrderPayments({ ...deps, refunds });
  const reads = readOrders({ db, expireOrder: payments.expireOrder, now });
  const cancel = createBuyerCancel({ db, catalog, provider, log: deps.log, now, expireOrder: payments.expireOrder, answer: reads.answer, mail: deps.mail, dispatcher: deps.dispatcher, publicUrl: deps.publicUrl });
  const placement = createAtOncePlacement({ db, catalog, announcer: deps.announcer, provider, publicUrl: deps.publicUrl, now, mail: deps.dispatcher, confirmation: payments.confirmation, reservationMs, unpaidLimits });
  const operator = createOperatorOrders({ db, catalog, provider, mail: deps.mail, dispatcher: deps.dispatcher, refunds, publicUrl: deps.publicUrl, log: deps.log, now, staffRefundLimitMinor: deps.staffRefundLimitMinor ?? 10_000 });

  /** The first order placed with this key, if the request is the same; a different request is refused. */
  async function replay(row: OrderRow, hash: string): Promise<OrderAnswer> {
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order. Send a new key for a new order');
    return { success: true, message: 'Order already placed', data: await reads.answer(row) };
  }

  function paymentInput(order: OrderRow, items: OrderItemRow[]) {
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      currency: isSupportedCurrency(order.currency) ? order.currency : 'USD',
      totalMinor: order.totalMinor,
      lines: items.map((item) => ({ name: lineLabel(item), quantity: item.quantity, unitAmountMinor: item.unitPriceMinor })),
      customerEmail: order.buyerEmail,
      successUrl: `${deps.publicUrl}/other/checkout/complete/${order.id}`,
      cancelUrl: `${deps.publicUrl}/other/checkout`,
    };
  }

  /**
   * Asks a provider that calls out (Stripe) to take payment, after the placement committed: it
   * answers where to send the browser. Answers the order as it is afterwards.
   */
  async function startPayment(order: OrderRow, items: OrderItemRow[]): Promise<OrderRow> {
    let started;
    try {
      started = await provider.startPayment(paymentInput(order, items));
    } catch (error) {
      // Nothing was charged: give the units back at once rather than at the deadline.
      await payments.expireOrder(order.id, { note: 'The payment could not be started; nothing was charged' });
      throw error;
    }
    if (started.kind === 'paid') {
      await payments.markOrderPaid(order.id, started.reference, { announceStock: false });
      return (await repo.findById(db, order.id))!;
    }
    // The order's row from the update itself: no read after it.
    return (await repo.setPayment(db, order.id, { reference: started.reference, checkoutUrl: started.checkoutUrl }))!;
  }

  return {
    /** `POST /v1/orders`: answers the order (200), or the first order placed with this Idempotency-Key. */
    async place(user: UserRow, body: PlaceBody, idempotencyKey: string | undefined, clientKey: string | null = null): Promise<OrderAnswer> {
      if (body.isBusinessOrder && !body.businessCode) {
        throw new AppError('VALIDATION_FAILED', 'Choose the business this order is for', { fields: { businessCode: ['A business order needs businessCode'] } });
      }
      const key = idempotencyKey ?? null;
      const hash = requestHash(body);
      // An earlier order with this key is found inside the placement: in its one read, and again
      // by place_order under the cart's lock.
      let outcome: Awaited<ReturnType<typeof placement.place>>;
      try {
        // One database call (decisions 0058, 0076): paid now with a provider that pays at once,
        // else pending with its units reserved, the provider asked to take payment below.
        outcome = await placement.place(user, body, key, hash, clientKey);
      } catch (error) {
        // Two requests with one key that passed the cart lock in different processes: the unique index kept one.
        const earlier = key && isUniqueViolation(error) ? await repo.findByIdempotencyKey(db, user.id, key) : undefined;
        if (earlier) return replay(earlier, hash);
        throw error;
      }
      // The order committed and emptied the cart: this process's cached copy goes (decision 0059).
      forgetCart(user.id);
      if ('replayed' in outcome) return replay(outcome.replayed, hash);
      const productIds = [...new Set(outcome.items.map((item) => item.productId))];
      // One stock reload for the reservation or the sale. Until it resolves the catalog may show
      // a unit more than is left: harmless, since the database's conditional updates decide every
      // sale, never the read model.
      let row = outcome.placed;
      try {
        // Mail kept at its write is logged; mail waiting for the sender starts it (decision 0077).
        if (outcome.paid) deps.dispatcher.committed(outcome.mails);
        else row = await startPayment(row, outcome.items);
      } finally {
        await catalog.changed(productIds, { stockOnly: true });
      }
      // Certificates are issued when an order is paid: one still waiting for its payment has none to read.
      const certificates = 'certificates' in outcome ? outcome.certificates : row.status === 'paid' ? undefined : [];
      const order = await reads.answer(row, outcome.items, false, certificates);
      return { success: true, message: order.status === 'paid' ? 'Order placed and paid' : 'Order placed. Please complete the payment', data: order };
    },
    markOrderPaid: payments.markOrderPaid,
    expireOrder: payments.expireOrder,
    /** `POST /v1/orders/{id}/cancel`: the buyer cancels their own order while it awaits payment. */
    cancelOwn: cancel.cancelOwn,
    /** Provider refunds (the webhook sends those a payment decided). */
    refunds,
    /** Operator cancel and refunds (the admin API, decision 0042). */
    operator,
    ...reads.routes,
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;


