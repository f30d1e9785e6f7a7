import type { FastifyBaseLogger } from 'fastify';
import { isSupportedCurrency, type Currency } from '@app/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { issueCertificatesForOrder } from '../certificates/issue-certificates.ts';
import { moneyText } from '../coupons/coupon.rules.ts';
import { redeemCoupon } from '../coupons/coupons.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { emails } from '../mail/mail.templates.ts';
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
  dispatcher: Pick<MailDispatcher, 'kick'>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export type MarkPaidResult = 'paid' | 'already-paid';

/**
 * What happens to an order after it is placed: paid (from the test provider at once, or from a
 * verified Stripe webhook) or expired (its reservation lapsed). Both are conditional updates of a
 * pending order, so a repeated call changes nothing.
 */
export function createOrderPayments({ db, catalog, mail, dispatcher, publicUrl, log, now = () => new Date() }: PaymentDeps) {
  const productIdsOf = (items: OrderItemRow[]) => [...new Set(items.map((item) => item.productId))];

  /**
   * pending → paid, inside the caller's transaction: the order row first (the conditional update
   * decides who wins a race), then the coupon's use (its row lock), the referrer's earning, the
   * certificates, the confirmation mail in the outbox and, last, the units become sold (rows in id
   * order, as placement takes them; last so their locks are held briefly). Answers null when the
   * order was not pending. `placed` is what a placement paying at once already knows: its lines,
   * the account's address, and that no units were held (they are sold here by conditional update,
   * and a shortfall throws, rolling the whole placement back).
   */
  async function settlePaid(tx: Tx, orderId: string, reference: string, placed?: { items: OrderItemRow[]; accountEmail: string }): Promise<{ row: OrderRow; items: OrderItemRow[] } | null> {
    const row = await repo.markPaid(tx, orderId, reference, now());
    if (!row) return null;
    const items = placed?.items ?? (await repo.itemsOf(tx, [orderId]));
    if (row.couponId) await redeemHeldCoupon(tx, row);
    if (row.referrerUserId && row.referrerUserId !== row.userId) {
      const amountMinor = Math.round((row.totalMinor * REFERRAL_EARNING_PERCENT) / 100);
      if (amountMinor > 0) await repo.addReferralEarning(tx, { orderId: row.id, userId: row.referrerUserId, referredUserId: row.userId, currency: row.currency, amountMinor });
    }
    await issueCertificatesForOrder(tx, orderId);
    // To the account's address, not the typed buyerEmail: order mail must not become a way to
    // send our mail, with text the sender chose, to someone else's inbox (decision 0005).
    const to = placed?.accountEmail ?? (await repo.accountEmail(tx, row.userId));
    if (to) await mail.enqueue(tx as unknown as Database, to, confirmation(row, items));
    for (const target of stockTargets(items)) {
      if (!placed) await stock.sell(tx, target, row.id);
      else if (!(await stock.sellUnheld(tx, target, row.id))) throw await shortfall(tx, target, items);
    }
    return { row, items };
  }

  /**
   * Marks a placed order paid in its own transaction (a verified webhook, or a provider that
   * answered 'paid' after the placement committed). Delivery and the catalog's stock reload follow
   * the commit (unless `announceStock: false`: the caller announces it). A second call answers
   * 'already-paid'; an expired or cancelled order cannot be paid.
   */
  async function markOrderPaid(orderId: string, reference: string, options: { announceStock?: boolean } = {}): Promise<MarkPaidResult> {
    const done = await db.transaction((tx) => settlePaid(tx, orderId, reference));
    if (!done) {
      const existing = await repo.findById(db, orderId);
      if (!existing) throw new AppError('NOT_FOUND', 'Order was not found');
      if (existing.status === 'paid') return 'already-paid';
      throw new AppError('ORDER_NOT_PAYABLE', `Order ${existing.orderNumber} is ${existing.status} and cannot be paid`);
    }
    dispatcher.kick();
    // The placement paid at once announces reservation and sale together (orders.service.ts).
    if (options.announceStock !== false) await catalog.changed(productIdsOf(done.items), { stockOnly: true });
    return 'paid';
  }

  /**
   * The placement held this coupon use (it counted pending orders against the limits under the
   * coupon's lock), so redeeming succeeds unless an operator lowered the limit meanwhile. Then
   * the buyer has paid the discounted total all the same: the use is logged, not refused.
   */
  async function redeemHeldCoupon(tx: Tx, row: OrderRow) {
    try {
      await redeemCoupon(tx, { couponId: row.couponId!, userId: row.userId, orderId: row.id });
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'COUPON_EXHAUSTED' && error.code !== 'COUPON_NOT_FOUND')) throw error;
      log.warn({ orderId: row.id, couponId: row.couponId, reason: error.message }, 'orders: paid order kept its discount although the coupon could not be counted');
    }
  }

  /** pending → expired: its reserved units are free again. Answers whether it changed anything. */
  async function expireOrder(orderId: string): Promise<boolean> {
    const items = await db.transaction(async (tx) => {
      const row = await repo.markExpired(tx, orderId);
      if (!row) return null;
      const lines = await repo.itemsOf(tx, [orderId]);
      for (const target of stockTargets(lines)) await stock.release(tx, target);
      return lines;
    });
    if (!items) return false;
    await catalog.changed(productIdsOf(items), { stockOnly: true });
    return true;
  }

  function confirmation(row: OrderRow, items: OrderItemRow[]) {
    const currency: Currency = isSupportedCurrency(row.currency) ? row.currency : 'USD';
    return emails.orderConfirmation({
      firstName: row.firstName || null,
      orderNumber: row.orderNumber,
      lines: items.map((item) => ({
        name: [item.productName, item.colorName, item.sizeName].filter(Boolean).join(', '),
        quantity: item.quantity,
        total: moneyText(item.unitPriceMinor * item.quantity, currency),
      })),
      discount: row.discountMinor > 0 ? moneyText(row.discountMinor, currency) : null,
      total: moneyText(row.totalMinor, currency),
      url: `${publicUrl}/account/orders/${row.id}`,
      testPayment: row.paymentProvider === 'test',
    });
  }

  return { settlePaid, markOrderPaid, expireOrder, kickMail: () => dispatcher.kick() };
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
