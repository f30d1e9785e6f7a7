import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import { certificateVerifyPath } from '@app/contract/orders';
import type { AdminRefundBody, AdminRefundResult } from '@app/contract/admin';
import { isSupportedCurrency } from '@app/contract';
import type { Database } from '../../db/client.ts';
import { orderItems, referralEarnings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../admin/audit/audit.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { voidCertificates, type VoidedCertificateInfo } from '../certificates/void-certificates.ts';
import { notifyGiftRecipientsOfVoid } from '../gifts/gift-void.ts';
import { moneyText } from '../coupons/coupon.rules.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { orderEmails } from '../mail/mail.orders.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { assertTransition, changeStatus } from './order-state.ts';
import type { OrderRefunds } from './orders.refunds.ts';
import { ordersRepository as repo, type OrderItemRow, type OrderRow } from './orders.repository.ts';
import { refundsRepository } from './refunds.repository.ts';
import { stockRepository as stock, stockTargets } from './stock.repository.ts';

export interface OperatorDeps {
  db: Database;
  catalog: Pick<CatalogHandle, 'changed'>;
  provider: PaymentProvider;
  mail: ReturnType<typeof createMailRepository>;
  dispatcher: Pick<MailDispatcher, 'kick'>;
  refunds: OrderRefunds;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The operator acting, with their role (staff are limited in what they may refund). */
export type Operator = Actor & { role: 'owner' | 'staff' };

/** Thrown inside the transaction when a concurrent request with the same key decided first. */
const REPEATED = new Error('refund request repeated');

const currencyOf = (order: Pick<OrderRow, 'currency'>) => (isSupportedCurrency(order.currency) ? order.currency : 'USD');
const left = (line: OrderItemRow) => line.quantity - line.refundedQuantity;

/**
 * An operator's share of what the paid price of `quantity` units of a line was: its list price
 * scaled by what was paid over the subtotal (the order's discount spread over its lines), in minor units.
 */
function paidShare(order: OrderRow, line: OrderItemRow, quantity: number): number {
  if (order.subTotalMinor <= 0) return 0;
  return Math.round((line.unitPriceMinor * quantity * order.paidMinor) / order.subTotalMinor);
}

/**
 * What operators do to an order (issue 25, decision 0042): cancel one that is unpaid, refund one
 * that is paid (whole, lines and quantities, or an amount). Each runs in one transaction under the
 * order's row lock: the status change through order-state.ts with its timeline row, the audit
 * row, the stock, the certificates, the referral reversal and the mail in the outbox all commit
 * together. The provider is asked after the commit (orders.refunds.ts), with the refund's id as
 * its idempotency key.
 */
export function createOperatorOrders(deps: OperatorDeps & { staffRefundLimitMinor: number }) {
  const { db, catalog, provider, mail, dispatcher, refunds, publicUrl, log, now } = deps;
  const orderUrl = (id: string) => `${publicUrl}/account/orders/${id}`;

  async function locked(tx: Tx, orderId: string): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'That order was not found');
    return order;
  }

  async function cancel(operator: Operator, orderId: string, reason: string | null) {
    const done = await db.transaction(async (tx) => {
      const order = await locked(tx, orderId);
      assertTransition(order, 'cancelled', 'cancelled');
      const row = (await changeStatus(tx, {
        orderId,
        from: 'pending',
        to: 'cancelled',
        set: { cancelledAt: now(), cancelReason: 'operator', reservedUntil: null, checkoutUrl: null },
        event: { actor: 'operator', actorUserId: operator.userId, note: reason ? `Cancelled by the shop: ${reason}` : 'Cancelled by the shop before payment' },
      }))!;
      const items = await repo.itemsOf(tx, [orderId]);
      for (const target of stockTargets(items)) await stock.release(tx, target);
      await recordAudit(tx, operator, { action: 'order.cancel', entity: 'order', entityId: orderId, summary: `Cancelled order ${order.orderNumber}${reason ? `: ${reason}` : ''}`, before: { status: order.status }, after: { status: 'cancelled' } });
      const to = await repo.accountEmail(tx, order.userId);
      if (to) await mail.enqueue(tx as unknown as Database, to, orderEmails.orderCancelled({ firstName: order.firstName || null, orderNumber: order.orderNumber, by: 'operator', reason, url: orderUrl(orderId) }));
      return { row, items };
    });
    dispatcher.kick();
    await catalog.changed([...new Set(done.items.map((item) => item.productId))], { stockOnly: true });
    if (done.row.paymentReference && provider.cancelPayment) {
      await provider.cancelPayment(done.row.paymentReference).catch((error: unknown) => log.error({ err: error, orderId }, 'orders: closing the checkout of a cancelled order failed'));
    }
    return done.row;
  }

  /** Which units of which lines, and how much money, a refund request stands for. */
  function plan(order: OrderRow, items: OrderItemRow[], body: AdminRefundBody): { amountMinor: number; lines: { line: OrderItemRow; quantity: number }[] } {
    const remaining = order.paidMinor - order.refundedMinor;
    const everything = () => items.filter((line) => left(line) > 0).map((line) => ({ line, quantity: left(line) }));
    if (body.kind === 'order') return { amountMinor: remaining, lines: everything() };
    if (body.kind === 'amount') {
      if (body.amountMinor > remaining) {
        throw new AppError('REFUND_EXCEEDS_PAYMENT', `A refund of ${moneyText(body.amountMinor, currencyOf(order))} is more than is left to refund on order ${order.orderNumber} (${moneyText(Math.max(remaining, 0), currencyOf(order))})`, {
          fields: { amountMinor: [`at most ${Math.max(remaining, 0)}`] },
        });
      }
      // Refunding all that is left is refunding the order: every line goes back.
      return { amountMinor: body.amountMinor, lines: body.amountMinor === remaining ? everything() : [] };
    }
    const byId = new Map(items.map((line) => [line.id, line]));
    const fields: Record<string, string[]> = {};
    const chosen = body.lines.map((wanted, index) => {
      const line = byId.get(wanted.lineId);
      if (!line) fields[`lines.${index}.lineId`] = ['is not a line of this order'];
      else if (wanted.quantity > left(line)) fields[`lines.${index}.quantity`] = [`at most ${left(line)} of ${line.productName} are left to refund`];
      return { line: line!, quantity: wanted.quantity };
    });
    if (Object.keys(fields).length) throw new AppError('REFUND_LINES_INVALID', `The refund names ${Object.keys(fields).some((f) => f.endsWith('lineId')) ? 'a line not in' : 'more units than are left on a line of'} order ${order.orderNumber}`, { fields });
    const all = items.every((line) => left(line) === (chosen.find((c) => c.line.id === line.id)?.quantity ?? 0));
    const amountMinor = all ? remaining : Math.min(remaining, chosen.reduce((sum, c) => sum + paidShare(order, c.line, c.quantity), 0));
    return { amountMinor, lines: chosen };
  }

  /** The referrer's share of the refunded money goes back: a negative row per refund, never a deleted one. */
  async function reverseReferral(tx: Tx, order: OrderRow, refundId: string, amountMinor: number, full: boolean) {
    const [earning] = await tx.select().from(referralEarnings).where(and(eq(referralEarnings.orderId, order.id), isNull(referralEarnings.refundId))).limit(1);
    if (!earning) return;
    const [reversed] = await tx.select({ total: sql<number>`coalesce(sum(${referralEarnings.amountMinor}), 0)::int` }).from(referralEarnings).where(and(eq(referralEarnings.orderId, order.id), isNotNull(referralEarnings.refundId)));
    const stillEarned = earning.amountMinor + Number(reversed?.total ?? 0);
    const share = full ? stillEarned : Math.min(stillEarned, Math.round((earning.amountMinor * amountMinor) / Math.max(order.paidMinor, 1)));
    if (share <= 0) return;
    await tx.insert(referralEarnings).values({ userId: earning.userId, referredUserId: earning.referredUserId, currency: earning.currency, amountMinor: -share, orderId: order.id, refundId });
  }

  async function refund(operator: Operator, orderId: string, body: AdminRefundBody, requestKey: string): Promise<{ result: AdminRefundResult; message: string }> {
    const key = `operator-${orderId}-${requestKey}`;
    if (await refundsRepository.byRequestKey(db, key)) return repeated();
    try {
      return await decideRefund(operator, orderId, body, key);
    } catch (error) {
      if (error === REPEATED) return repeated();
      throw error;
    }

    async function repeated() {
      // The same request again (a retry after a lost answer): nothing new is decided; an unsent refund is sent now.
      await refunds.sendPending(orderId).catch((error: unknown) => log.error({ err: error, orderId }, 'orders: sending a refund failed; it stays pending'));
      const order = (await repo.findById(db, orderId))!;
      const now = (await refundsRepository.byRequestKey(db, key))!;
      return { result: { refund: { _id: now.id, kind: body.kind, amountMinor: now.amountMinor, currency: now.currency, status: now.status }, status: order.status as AdminRefundResult['status'], voided: [] }, message: 'This refund was already made' };
    }
  }

  async function decideRefund(operator: Operator, orderId: string, body: AdminRefundBody, key: string): Promise<{ result: AdminRefundResult; message: string }> {
    const done = await db.transaction(async (tx) => {
      const order = await locked(tx, orderId);
      // Deciders of one order run one at a time under its lock: one with this key committed before
      // us is seen here. (Not left to the insert's ON CONFLICT, which would wait on the sender's
      // settle transaction while that waits on our order lock: a deadlock on PostgreSQL.)
      if (await refundsRepository.byRequestKey(tx, key)) throw REPEATED;
      if (order.status !== 'paid' && order.status !== 'partially_refunded') assertTransition(order, 'refunded', 'refunded');
      const items = await repo.itemsOf(tx, [orderId]);
      const { amountMinor, lines } = plan(order, items, body);
      if (amountMinor <= 0 && lines.length === 0) throw new AppError('REFUND_EXCEEDS_PAYMENT', `Nothing is left to refund on order ${order.orderNumber}`);
      const full = order.refundedMinor + amountMinor >= order.paidMinor && items.every((line) => left(line) === (lines.find((c) => c.line.id === line.id)?.quantity ?? 0));
      if (operator.role !== 'owner' && order.refundedMinor + amountMinor > deps.staffRefundLimitMinor) {
        throw new AppError('OWNER_REQUIRED', `Only an owner can refund more than ${moneyText(deps.staffRefundLimitMinor, currencyOf(order))} of an order: ask an owner`, { fields: { amountMinor: [`staff may refund up to ${deps.staffRefundLimitMinor} in all`] } });
      }
      const scope = { kind: body.kind, lines: lines.map((c) => ({ orderItemId: c.line.id, quantity: c.quantity })) };
      const row = amountMinor > 0 ? await refunds.requestInTx(tx, order, { amountMinor, reason: 'requested', requestKey: key, actor: 'operator', actorUserId: operator.userId, note: body.reason, reasonText: body.reason, scope }) : null;
      // The same request key raced in: roll this one back, and answer what the first one decided.
      if (amountMinor > 0 && !row) throw REPEATED;
      for (const { line, quantity } of lines) {
        const [updated] = await tx
          .update(orderItems)
          .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${quantity}` })
          .where(and(eq(orderItems.id, line.id), sql`${orderItems.refundedQuantity} + ${quantity} <= ${orderItems.quantity}`))
          .returning({ id: orderItems.id });
        if (!updated) throw new AppError('REFUND_LINES_INVALID', `More units of ${line.productName} than are left were asked to be refunded`);
      }
      const to: 'refunded' | 'partially_refunded' = full ? 'refunded' : 'partially_refunded';
      if (to !== order.status) {
        await changeStatus(tx, { orderId, from: order.status as 'paid' | 'partially_refunded', to, event: { actor: 'operator', actorUserId: operator.userId, amountMinor, note: full ? 'Refunded in full' : 'Partly refunded' } });
      }
      const voided = await voidCertificates(tx, {
        orderId,
        orderNumber: order.orderNumber,
        currency: order.currency,
        lines: lines.filter((c) => c.line.productKind === 'offset').map((c) => ({ orderItemId: c.line.id, quantity: c.quantity })),
        reason: body.reason,
        at: now(),
        actor: { userId: operator.userId, email: operator.email, kind: 'operator' },
      });
      // A gift whose certificate is void in full: its recipient is told, or its held email withdrawn (decision 0051).
      await notifyGiftRecipientsOfVoid(tx, voided.filter((v) => !v.replacement).map((v) => v.certificate.id), { mail, publicUrl });
      if (row) await reverseReferral(tx, order, row.id, amountMinor, full);
      await recordAudit(tx, operator, {
        action: 'order.refund',
        entity: 'order',
        entityId: orderId,
        summary: `Refunded ${moneyText(amountMinor, currencyOf(order))} of order ${order.orderNumber} (${body.kind}): ${body.reason}${voided.length ? `; void: ${voided.map((v) => v.certificate.serial).join(', ')}` : ''}`,
        before: { status: order.status, refundedMinor: order.refundedMinor },
        after: { status: to, refundedMinor: order.refundedMinor + amountMinor, lines: scope.lines },
      });
      const email = await repo.accountEmail(tx, order.userId);
      if (email) await mail.enqueue(tx as unknown as Database, email, refundMail(order, amountMinor, full, body.reason, voided));
      return { order, row, to, voided, amountMinor };
    });
    dispatcher.kick();
    if (done.voided.length) await catalog.changed([...new Set(done.voided.map((v) => v.certificate.productId))], { stockOnly: true });
    let status = done.row?.status ?? 'succeeded';
    if (done.row) {
      try {
        await refunds.sendPending(orderId);
      } catch (error) {
        log.error({ err: error, orderId }, 'orders: the payment provider could not be reached for a refund; it stays pending (repeat the request with the same Idempotency-Key to send it again)');
      }
      status = (await refundsRepository.byRequestKey(db, key))?.status ?? status;
    }
    const result: AdminRefundResult = {
      refund: { _id: done.row?.id ?? '', kind: body.kind, amountMinor: done.amountMinor, currency: done.order.currency, status },
      status: done.to,
      voided: done.voided.map((v) => ({ serial: v.certificate.serial, productName: v.certificate.projectName, tonnes: v.voidedTonnesMilli / 1000, replacedBySerial: v.replacement?.serial ?? null })),
    };
    const words = status === 'succeeded' ? 'refunded' : status === 'failed' ? 'refund was refused by the payment provider' : 'refund sent; awaiting the payment provider';
    return { result, message: `${moneyText(done.amountMinor, currencyOf(done.order))} ${words}` };
  }

  function refundMail(order: OrderRow, amountMinor: number, full: boolean, reason: string, voided: VoidedCertificateInfo[]) {
    return orderEmails.orderRefunded({
      firstName: order.firstName || null,
      orderNumber: order.orderNumber,
      amount: moneyText(amountMinor, currencyOf(order)),
      full,
      reason,
      voided: voided.map((v) => ({ serial: v.certificate.serial, tonnes: v.voidedTonnesMilli / 1000, name: v.certificate.projectName, replacementSerial: v.replacement?.serial ?? null, url: `${publicUrl}${certificateVerifyPath(v.certificate.serial)}` })),
      url: orderUrl(order.id),
    });
  }

  return { cancel, refund };
}
export type OperatorOrders = ReturnType<typeof createOperatorOrders>;
