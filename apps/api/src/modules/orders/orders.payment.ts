import type { FastifyBaseLogger } from 'fastify';
import { isSupportedCurrency, type Currency } from '@app/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { certificateVerifyPath } from '@app/contract/orders';
import type { IssuedCertificate } from '../certificates/certificates.repository.ts';
import { issueCertificatesWithGifts } from '../certificates/issue-certificates.ts';
import { enqueueGiftMails } from '../gifts/gift-delivery.ts';
import { moneyText } from '../coupons/coupon.rules.ts';
import { redeemCoupon } from '../coupons/coupons.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { emails } from '../mail/mail.templates.ts';
import type { OrderConfirmationInput } from '../mail/mail.deferred.ts';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import type { ReceivedPayment } from '../payments/payment-provider.ts';
import { changeStatus, type OrderActor, type TimelineEntry } from './order-state.ts';
import type { OrderRefunds } from './orders.refunds.ts';
import { ordersRepository as repo, type OrderItemRow, type OrderRow } from './orders.repository.ts';
import type { Tx } from '../cart/cart.repository.ts';
import { lineLabel, outOfStock } from './orders.pricing.ts';
import { stockRepository as stock, stockTargets, type StockTarget } from './stock.repository.ts';

/** The referrer's share of a paid order's total (spec §4 Referral), in the order's currency. */
export const REFERRAL_EARNING_PERCENT = 5;

export interface PaymentDeps {
  db: Database;
  catalog: Pick<CatalogHandle, 'changed'>;
  mail: ReturnType<typeof createMailRepository>;
  dispatcher: Pick<MailDispatcher, 'kick' | 'writtenAs' | 'committed'>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** paid: just now; already-paid: earlier (a repeated event); refunding: the payment was not accepted and goes back in full. */
export type MarkPaidResult = 'paid' | 'already-paid' | 'refunding';

/**
 * What happens to an order after it is placed: paid (from the test provider at once, or from a
 * verified Stripe webhook), expired (its reservation lapsed), or cancelled because its coupon ran
 * out before the payment arrived. Every status change goes through `changeStatus` (order-state.ts):
 * a conditional update of a pending order and its timeline row, so a repeated call changes nothing.
 */
export function createOrderPayments({ db, catalog, mail, dispatcher, publicUrl, log, refunds, now = () => new Date() }: PaymentDeps & { refunds: OrderRefunds }) {
  const productIdsOf = (items: OrderItemRow[]) => [...new Set(items.map((item) => item.productId))];

  /**
   * pending → paid, inside the caller's transaction: the order row first (the conditional update
   * decides who wins a race), then the referrer's earning, the certificates, the confirmation mail
   * in the outbox and, last, the units become sold (rows in id order, as placement takes them;
   * last so their locks are held briefly). The coupon's use is counted by the caller, before.
   * Answers null when the order was not pending. `placed` is what a placement paying at once
   * already knows: its lines, the account's address, and that no units were held (they are sold
   * here by conditional update, and a shortfall throws, rolling the whole placement back).
   */
  async function settlePaid(
    tx: Tx,
    order: Pick<OrderRow, 'id' | 'totalMinor'>,
    payment: ReceivedPayment,
    placed?: { items: OrderItemRow[]; accountEmail: string; placedEvent: TimelineEntry },
  ): Promise<{ row: OrderRow; items: OrderItemRow[] } | null> {
    const orderId = order.id;
    const row = await changeStatus(tx, {
      orderId,
      from: 'pending',
      to: 'paid',
      set: { paidAt: now(), paymentReference: payment.reference, providerPaymentId: payment.paymentId ?? null, paidMinor: sql`${orders.totalMinor}`, reservedUntil: null, checkoutUrl: null },
      event: { actor: 'provider', amountMinor: order.totalMinor },
      // A placement paid at once writes its 'placed' row here, in the same statement.
      before: placed ? [placed.placedEvent] : [],
    });
    if (!row) return null;
    const items = placed?.items ?? (await repo.itemsOf(tx, [orderId]));
    if (row.referrerUserId && row.referrerUserId !== row.userId) {
      const amountMinor = Math.round((row.totalMinor * REFERRAL_EARNING_PERCENT) / 100);
      if (amountMinor > 0) await repo.addReferralEarning(tx, { orderId: row.id, userId: row.referrerUserId, referredUserId: row.userId, currency: row.currency, amountMinor });
    }
    const { issued, gifts } = await issueCertificatesWithGifts(tx, orderId);
    // Gift certificates: the recipient's email waits in the outbox for its day (decision 0051).
    if (gifts.length > 0) await enqueueGiftMails(tx, gifts, { mail, publicUrl, now: now() });
    // To the account's address, not the typed buyerEmail: order mail must not become a way to
    // send our mail, with text the sender chose, to someone else's inbox (decision 0005).
    const to = placed?.accountEmail ?? (await repo.accountEmail(tx, row.userId));
    if (to) await mail.enqueueOrderConfirmation(tx as unknown as Database, to, confirmation(row, items, issued));
    for (const target of stockTargets(items)) {
      if (!placed) await stock.sell(tx, target, row.id);
      else if (!(await stock.sellUnheld(tx, target, row.id))) throw await shortfall(tx, target, items);
    }
    return { row, items };
  }

  /**
   * A payment arrived for an order (a verified webhook, or a provider that answered 'paid' after
   * the placement committed), decided under the order's row lock (decision 0013's lock order:
   * order, coupon, stock):
   * - pending, and its coupon (if any) can still be counted: paid;
   * - pending, but the coupon ran out meanwhile (pending orders do not hold the coupon's total
   *   limit, decision 0025): cancelled, units released, the payment refunded in full;
   * - expired or cancelled already: the payment is refunded in full (never silently kept);
   * - paid already: nothing (a repeated event).
   * Refunds are sent after the commit (`refunds.sendPending`, by the webhook handler).
   */
  async function markOrderPaid(orderId: string, paymentOrReference: ReceivedPayment | string, options: { announceStock?: boolean } = {}): Promise<MarkPaidResult> {
    const payment: ReceivedPayment = typeof paymentOrReference === 'string' ? { reference: paymentOrReference } : paymentOrReference;
    const outcome = await db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, orderId);
      if (!row) return null;
      if (row.status === 'paid') return { result: 'already-paid' as const, items: [] };
      if (row.status !== 'pending') {
        await refundUnacceptedPayment(tx, row, payment, `The payment arrived after the order was ${row.status}`);
        return { result: 'refunding' as const, items: [] };
      }
      if (row.couponId && !(await couponStillCounts(tx, row))) return { result: 'refunding' as const, items: await cancelForSpentCoupon(tx, row, payment) };
      const done = (await settlePaid(tx, row, payment))!;
      return { result: 'paid' as const, items: done.items };
    });
    if (!outcome) throw new AppError('NOT_FOUND', 'Order was not found');
    if (outcome.result === 'already-paid') return outcome.result;
    dispatcher.kick();
    // The placement paid at once announces reservation and sale together (orders.service.ts).
    if (outcome.items.length > 0 && options.announceStock !== false) await catalog.changed(productIdsOf(outcome.items), { stockOnly: true });
    return outcome.result;
  }

  /** Counts the order's coupon use now, if the coupon still allows it; false when it ran out (or was deleted) since placement. */
  async function couponStillCounts(tx: Tx, row: OrderRow): Promise<boolean> {
    try {
      await redeemCoupon(tx, { couponId: row.couponId!, userId: row.userId, orderId: row.id });
      return true;
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'COUPON_EXHAUSTED' && error.code !== 'COUPON_NOT_FOUND')) throw error;
      log.warn({ orderId: row.id, couponId: row.couponId, reason: error.message }, 'orders: the coupon ran out before the payment arrived; the order is cancelled and the payment refunded');
      return false;
    }
  }

  /** pending → cancelled (coupon_exhausted), in the payment's transaction: units released, the payment refunded in full, the buyer told. */
  async function cancelForSpentCoupon(tx: Tx, row: OrderRow, payment: ReceivedPayment): Promise<OrderItemRow[]> {
    const reason = `coupon ${row.couponCode ?? ''} was used up by other buyers before your payment arrived.`;
    await refunds.requestInTx(tx, row, {
      amountMinor: payment.amountMinor ?? row.totalMinor,
      received: { amountMinor: payment.amountMinor ?? row.totalMinor },
      reason: 'coupon_exhausted',
      requestKey: `payment-${payment.reference}`,
      actor: 'system',
      note: 'Refunded in full: the coupon ran out before the payment arrived',
    });
    await changeStatus(tx, {
      orderId: row.id,
      from: 'pending',
      to: 'cancelled',
      set: { cancelledAt: now(), cancelReason: 'coupon_exhausted', reservedUntil: null, checkoutUrl: null, paymentReference: payment.reference, providerPaymentId: payment.paymentId ?? null },
      event: { actor: 'system', note: `Cancelled: the ${reason[0]!.toUpperCase()}${reason.slice(1)}` },
    });
    const items = await repo.itemsOf(tx, [row.id]);
    for (const target of stockTargets(items)) await stock.release(tx, target);
    await tellBuyerOfRefund(tx, row, payment, `the ${reason}`);
    return items;
  }

  /** A payment for an order that is no longer open (expired, cancelled): refunded in full, once per payment. */
  async function refundUnacceptedPayment(tx: Tx, row: OrderRow, payment: ReceivedPayment, note: string) {
    // The refund names the payment: an order that expired unpaid has none recorded yet.
    if (payment.paymentId && !row.providerPaymentId) await repo.setPaymentIds(tx, row.id, payment);
    const amountMinor = payment.amountMinor ?? row.totalMinor;
    const refund = await refunds.requestInTx(tx, row, { amountMinor, received: { amountMinor, note }, reason: 'order_not_payable', requestKey: `payment-${payment.reference}`, actor: 'system', note: 'Refunded in full: the order was no longer open for payment' });
    if (refund) {
      log.warn({ orderId: row.id, status: row.status, reference: payment.reference }, 'orders: a payment arrived for an order that is no longer open; it is refunded in full');
      await tellBuyerOfRefund(tx, row, payment, `it was already ${row.status} when the payment arrived.`);
    }
  }

  async function tellBuyerOfRefund(tx: Tx, row: OrderRow, payment: ReceivedPayment, reason: string) {
    const to = await repo.accountEmail(tx, row.userId);
    const currency: Currency = isSupportedCurrency(row.currency) ? row.currency : 'USD';
    if (to) {
      await mail.enqueue(
        tx as unknown as Database,
        to,
        emails.orderPaymentRefunded({ firstName: row.firstName || null, orderNumber: row.orderNumber, reason, amount: moneyText(payment.amountMinor ?? row.totalMinor, currency), url: `${publicUrl}/account/orders/${row.id}` }),
      );
    }
  }

  /** pending → expired: its reserved units are free again. Answers whether it changed anything. */
  async function expireOrder(orderId: string, by: { actor?: OrderActor; note?: string } = {}): Promise<boolean> {
    const items = await db.transaction(async (tx) => {
      const row = await changeStatus(tx, { orderId, from: 'pending', to: 'expired', set: { reservedUntil: null, checkoutUrl: null }, event: { actor: by.actor ?? 'system', note: by.note ?? 'Not paid in time: the reserved units were released' } });
      if (!row) return null;
      const lines = await repo.itemsOf(tx, [orderId]);
      for (const target of stockTargets(lines)) await stock.release(tx, target);
      return lines;
    });
    if (!items) return false;
    await catalog.changed(productIdsOf(items), { stockOnly: true });
    return true;
  }

  /** What the confirmation mail says; it is rendered after the commit (mail.deferred.ts). */
  function confirmation(row: OrderRow, items: OrderItemRow[], issued: IssuedCertificate[]): OrderConfirmationInput {
    const currency: Currency = isSupportedCurrency(row.currency) ? row.currency : 'USD';
    return {
      firstName: row.firstName || null,
      orderNumber: row.orderNumber,
      lines: items.map((item) => ({
        name: [item.productName, item.colorName, item.sizeName].filter(Boolean).join(', '),
        quantity: item.quantity,
        // Offsets say what a unit is: "2 t CO₂e × …" (issue 26.10).
        unit: item.productUnit,
        total: moneyText(item.unitPriceMinor * item.quantity, currency),
      })),
      discount: row.discountMinor > 0 ? moneyText(row.discountMinor, currency) : null,
      total: moneyText(row.totalMinor, currency),
      url: `${publicUrl}/account/orders/${row.id}`,
      testPayment: row.paymentProvider === 'test',
      certificates: issued.map((c) => ({ serial: c.serial, name: c.projectName, tonnes: c.tonnesMilli / 1000, url: `${publicUrl}${certificateVerifyPath(c.serial)}` })),
    };
  }

  return { settlePaid, markOrderPaid, expireOrder, confirmation };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;

/** The refusal for a stock row that cannot give `target.quantity` units: names the line and what is left. */
export async function shortfall(tx: Tx, target: StockTarget, lines: Pick<OrderItemRow, 'productId' | 'sizeId' | 'productName' | 'colorName' | 'sizeName'>[]): Promise<AppError> {
  const line = lines.find((l) => (target.table === 'size' ? l.sizeId === target.id : l.productId === target.id && !l.sizeId))!;
  return outOfStock(lineLabel(line), await stock.available(tx, target));
}

/**
 * Expires lapsed orders every `intervalMs` (unref'd: it never keeps the process alive). Reads do
 * the same check lazily, so an order is never shown pending past its deadline.
 */
export function startExpirySweeper(payments: Pick<OrderPayments, 'expireOrder'>, db: Database, intervalMs: number, log: FastifyBaseLogger, now = () => new Date()) {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      for (const id of await repo.lapsed(db, now(), 100)) await payments.expireOrder(id);
    } catch (error) {
      log.error({ err: error }, 'orders: expiry sweep failed');
    }
  };
  const sweep = () => (running ??= run().finally(() => (running = null)));
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    sweep,
    /** Stops the timer and waits for a sweep under way, so it never runs against a closed database. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
