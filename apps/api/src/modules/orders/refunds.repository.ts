import { and, asc, eq, sql } from 'drizzle-orm';
import { orderRefunds, orders } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';

export type RefundRow = typeof orderRefunds.$inferSelect;
type Queryable = Database | Tx;

/** SQL for refunds: the only writes of order_refunds and orders.refunded_minor. */
export const refundsRepository = {
  /**
   * A new refund of `amountMinor`, if this request key is new and the order has that much paid and
   * not yet refunded: an insert (a reused key inserts nothing) and one conditional update of the
   * order, so two refunds of one order, however they race, never add up to more than was paid.
   * Answers the row, 'duplicate' (key seen before) or 'exceeds' (the caller rolls back).
   */
  async reserve(
    tx: Tx,
    refund: { orderId: string; amountMinor: number; currency: string; reason: string; requestKey: string; requestedByUserId?: string | null; reasonText?: string | null; scope?: RefundRow['scope'] },
    /** Money received with this request (a payment we do not accept), added to what was paid first. */
    receivedMinor = 0,
  ): Promise<RefundRow | 'duplicate' | 'exceeds'> {
    const [row] = await tx.insert(orderRefunds).values(refund).onConflictDoNothing({ target: orderRefunds.requestKey }).returning();
    if (!row) return 'duplicate';
    const raised = await tx
      .update(orders)
      .set({ paidMinor: sql`${orders.paidMinor} + ${receivedMinor}`, refundedMinor: sql`${orders.refundedMinor} + ${refund.amountMinor}` })
      .where(and(eq(orders.id, refund.orderId), sql`${orders.refundedMinor} + ${refund.amountMinor} <= ${orders.paidMinor} + ${receivedMinor}`))
      .returning({ id: orders.id });
    return raised.length === 1 ? row : 'exceeds';
  },

  /** Refunds of an order not yet sent to the provider (or sent without an answer), oldest first. */
  async unsent(db: Queryable, orderId: string): Promise<RefundRow[]> {
    return db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending'), sql`${orderRefunds.providerRefundId} is null`))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  },

  async byRequestKey(db: Queryable, requestKey: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, requestKey)).limit(1);
    return row;
  },

  async byProviderId(db: Queryable, providerRefundId: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, providerRefundId)).limit(1);
    return row;
  },

  /** Refunds of an order the provider took but has not confirmed (Stripe answered `pending`). */
  async awaitingConfirmation(db: Queryable, orderId: string): Promise<RefundRow[]> {
    return db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending'), sql`${orderRefunds.providerRefundId} is not null`));
  },

  /** pending → succeeded or pending-with-provider-id, once (a conditional update). */
  async settle(tx: Tx, refundId: string, outcome: { status: 'succeeded' | 'pending'; providerRefundId: string }): Promise<RefundRow | undefined> {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: outcome.status, providerRefundId: outcome.providerRefundId, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
      .returning();
    return row;
  },

  /** pending → failed, once; the amount it had reserved on the order can be refunded again. */
  async fail(tx: Tx, refundId: string, failure: string): Promise<RefundRow | undefined> {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: 'failed', failure: failure.slice(0, 500), updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
      .returning();
    if (row) {
      await tx
        .update(orders)
        .set({ refundedMinor: sql`greatest(${orders.refundedMinor} - ${row.amountMinor}, 0)` })
        .where(eq(orders.id, row.orderId));
    }
    return row;
  },

  /**
   * The provider reports `refundedMinor` refunded on the order's payment in all (Stripe's
   * cumulative `amount_refunded`): raises the order's figure to it, never above what was paid.
   * Answers by how much it rose (money refunded outside the shop, e.g. in Stripe's dashboard).
   */
  async raiseTo(tx: Tx, orderId: string, refundedMinor: number): Promise<number> {
    const [before] = await tx.select({ refunded: orders.refundedMinor, paid: orders.paidMinor }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!before) return 0;
    const target = Math.min(refundedMinor, before.paid);
    if (target <= before.refunded) return 0;
    await tx.update(orders).set({ refundedMinor: target }).where(eq(orders.id, orderId));
    return target - before.refunded;
  },
};
