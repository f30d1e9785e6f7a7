import { isSupportedCurrency } from '@app/contract';
import type { Announcer } from '../../db/announce.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Order, orderCreateBodySchema } from '@app/contract/orders';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { effectiveCurrency } from '../auth/session.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { cartRepository as carts, type Tx } from '../cart/cart.repository.ts';
import { forgetCart } from '../cart/cart.store.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { createOrderPayments, shortfall, type PaymentDeps } from './orders.payment.ts';
import { assertWithinUnpaidLimits, lineLabel, requestHash, type UnpaidLimits } from './orders.pricing.ts';
import { assertBusiness, decideOrder, orderColumns, type PlaceBody } from './orders.decide.ts';
import { createAtOncePlacement, type AtOnceOutcome } from './orders.place-at-once.ts';
import { createOrderRefunds } from './orders.refunds.ts';
import { createBuyerCancel } from './orders.cancel.ts';
import { createOperatorOrders } from './orders.operator.ts';
import { recordEvents } from './order-state.ts';
import { ordersRepository as repo, type OrderCertificateRow, type OrderItemRow, type OrderRow } from './orders.repository.ts';
import { readOrders } from './orders.reads.ts';
import { businessOfBuyer } from '../business/business-buyer.ts';
import { stockRepository as stock, stockTargets } from './stock.repository.ts';

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
  const atOnce = createAtOncePlacement({ db, catalog, announcer: deps.announcer, provider, publicUrl: deps.publicUrl, now, confirmation: payments.confirmation });
  const operator = createOperatorOrders({ db, catalog, provider, mail: deps.mail, dispatcher: deps.dispatcher, refunds, publicUrl: deps.publicUrl, log: deps.log, now, staffRefundLimitMinor: deps.staffRefundLimitMinor ?? 10_000 });

  /** The first order placed with this key, if the request is the same; a different request is refused. */
  async function replay(row: OrderRow, hash: string): Promise<OrderAnswer> {
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different order. Send a new key for a new order');
    return { success: true, message: 'Order already placed', data: await reads.answer(row) };
  }

  /**
   * One short transaction: lock the buyer's cart (a person's placements run one after another),
   * price it from the catalog, hold the coupon use, write the order with its frozen lines, empty
   * the cart and, last, reserve every line's units by conditional update in id order. Any refusal
   * rolls everything back. The order waits for its payment (Stripe), so it must first fit within
   * what unpaid orders may hold (decision 0025), counted under the cart lock. An order paid at
   * once goes to orders.place-at-once.ts instead (one database call, decision 0058).
   */
  async function placeInTransaction(tx: Tx, user: UserRow, body: PlaceBody, key: string | null, hash: string, clientKey: string | null): Promise<{ replayed: OrderRow } | { placed: OrderRow; items: OrderItemRow[]; paid: false }> {
    const cart = await carts.lockForUser(tx, user.id, effectiveCurrency(user));
    if (key) {
      // A retry that waited for the first request's cart lock finds its order here.
      const earlier = await repo.findByIdempotencyKey(tx, user.id, key);
      if (earlier) return { replayed: earlier };
    }
    const items = await carts.items(tx, cart.id);
    const coupon = items.length > 0 && cart.couponId ? await repo.lockCoupon(tx, cart.couponId) : undefined;
    const facts = { user, body, cart, items, coupon, couponUses: coupon ? await repo.couponUsesBy(tx, coupon.id, user.id) : { redeemed: 0, pending: 0 }, now: now() };
    const decided = decideOrder(facts, catalog);
    const { lines } = decided;
    const holdings = await repo.unpaidHoldings(tx, { userId: user.id, clientKey, productIds: [...new Set(lines.map((line) => line.productId))] });
    assertWithinUnpaidLimits(unpaidLimits, holdings, lines);

    const business = body.isBusinessOrder ? await businessOfBuyer(tx, user.id, body.businessCode ?? '') : null;
    assertBusiness(body, business);
    const { row: placed, items: orderItems } = await repo.insert(
      tx,
      orderColumns(facts, decided, business, { idempotencyKey: key, requestHash: hash, paymentProvider: provider.name, reservedUntil: new Date(now().getTime() + reservationMs), clientKey }),
      lines,
    );
    const placedEvent = { actor: 'buyer', actorUserId: user.id, kind: 'placed', amountMinor: placed.totalMinor } as const;
    await carts.deleteItems(tx, cart.id);
    await carts.update(tx, cart.id, { couponId: null, couponType: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, businessId: null, businessCode: null });
    await recordEvents(tx, placed, [placedEvent]);
    // Stock last: the row locks these conditional updates take are what every buyer of the same
    // product queues on, so they are held only from here to the commit. A refusal rolls back all.
    for (const target of stockTargets(lines)) {
      if (!(await stock.reserve(tx, target))) throw await shortfall(tx, target, orderItems);
    }
    return { placed, items: orderItems, paid: false };
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

  /** Asks a provider that calls out (Stripe) to take payment, after the placement committed: it answers where to send the browser. */
  async function startPayment(order: OrderRow, items: OrderItemRow[]): Promise<void> {
    let started;
    try {
      started = await provider.startPayment(paymentInput(order, items));
    } catch (error) {
      // Nothing was charged: give the units back at once rather than at the deadline.
      await payments.expireOrder(order.id, { note: 'The payment could not be started; nothing was charged' });
      throw error;
    }
    if (started.kind === 'paid') await payments.markOrderPaid(order.id, started.reference, { announceStock: false });
    else await repo.setPayment(db, order.id, { reference: started.reference, checkoutUrl: started.checkoutUrl });
  }

  return {
    /** `POST /v1/orders`: answers the order (200), or the first order placed with this Idempotency-Key. */
    async place(user: UserRow, body: PlaceBody, idempotencyKey: string | undefined, clientKey: string | null = null): Promise<OrderAnswer> {
      if (body.isBusinessOrder && !body.businessCode) {
        throw new AppError('VALIDATION_FAILED', 'Choose the business this order is for', { fields: { businessCode: ['A business order needs businessCode'] } });
      }
      const key = idempotencyKey ?? null;
      const hash = requestHash(body);
      // The placement paid at once reads an earlier order with this key in its one read.
      if (key && !provider.paysAtOnce) {
        const earlier = await repo.findByIdempotencyKey(db, user.id, key);
        if (earlier) return replay(earlier, hash);
      }
      let outcome: AtOnceOutcome | Awaited<ReturnType<typeof placeInTransaction>>;
      try {
        outcome = provider.paysAtOnce ? await atOnce.place(user, body, key, hash, clientKey) : await db.transaction((tx) => placeInTransaction(tx, user, body, key, hash, clientKey));
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
        if (outcome.paid) payments.kickMail();
        else {
          await startPayment(row, outcome.items);
          row = (await repo.findById(db, row.id))!;
        }
      } finally {
        await catalog.changed(productIds, { stockOnly: true });
      }
      const order = await reads.answer(row, outcome.items, false, 'certificates' in outcome ? (outcome as { certificates: OrderCertificateRow[] }).certificates : undefined);
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


