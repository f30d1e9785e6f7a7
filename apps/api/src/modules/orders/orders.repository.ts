import { and, asc, count, desc, eq, exists, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, couponRedemptions, orderEvents, orderItems, orders, products, referralEarnings, users } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
type Queryable = Database | Tx;

/** Orders for which retirement certificates were issued (paid orders with offset lines). */
const holdsCertificates = (db: Queryable) => exists(db.select({ one: sql`1` }).from(certificates).where(eq(certificates.orderId, orders.id)));

export interface OrderCertificateRow {
  orderId: string;
  serial: string;
  productName: string;
  tonnesMilli: number;
  orderItemId: string;
  /** A gift the recipient has claimed (decision 0051). */
  giftClaimed: boolean;
  status?: 'valid' | 'void';
}

/** The one row of a statement run with `execute` (both drivers answer `{ rows }`). */
async function one<T>(db: Queryable, query: SQL): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** SQL for orders and their lines. */
export const ordersRepository = {
  async findByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))).limit(1);
    return row;
  },

  async findOwn(db: Queryable, userId: string, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
    return row;
  },

  async findById(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    return row;
  },

  /** The lines of these orders, in the order they were placed. */
  async itemsOf(db: Queryable, orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  },

  /** The serials issued for these orders' lines (one query for a whole page). */
  async certificatesOf(db: Queryable, orderIds: string[]): Promise<OrderCertificateRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: certificates.orderId,
        serial: certificates.serial,
        productName: certificates.projectName,
        tonnesMilli: certificates.tonnesMilli,
        status: certificates.status,
        orderItemId: certificates.orderItemId,
        giftClaimed: sql<boolean>`${certificates.giftClaimedAt} is not null`,
      })
      .from(certificates)
      .where(inArray(certificates.orderId, orderIds))
      .orderBy(asc(certificates.orderItemId), asc(certificates.status));
  },

  /**
   * This person's uses of a coupon: redeemed (paid orders) and held by their pending orders, in
   * one statement. Pending orders count against the per-person limit only: the coupon's total
   * limit counts paid orders alone (decision 0025), so nobody can use it up with unpaid orders.
   */
  async couponUsesBy(tx: Tx, couponId: string, userId: string): Promise<{ redeemed: number; pending: number }> {
    const row = await one<{ redeemed: unknown; pending: unknown }>(
      tx,
      sql`select
        (select count(*) from ${couponRedemptions} where ${couponRedemptions.couponId} = ${couponId} and ${couponRedemptions.userId} = ${userId}) as redeemed,
        (select count(*) from ${orders} where ${orders.couponId} = ${couponId} and ${orders.userId} = ${userId} and ${orders.status} = 'pending') as pending`,
    );
    return { redeemed: Number(row?.redeemed ?? 0), pending: Number(row?.pending ?? 0) };
  },

  /** The order, locked until the transaction ends: a payment decides under it (decision 0013's lock order: order, coupon, stock). */
  async lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row;
  },

  /** The order a provider's payment id belongs to (refund events name the payment). */
  async findByPaymentId(db: Queryable, paymentId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
    return row;
  },

  /** An order's timeline, oldest first; the buyer's view leaves out internal rows. */
  async timelineOf(db: Queryable, orderId: string, options: { includeInternal: boolean }): Promise<OrderEventRow[]> {
    const conditions = [eq(orderEvents.orderId, orderId)];
    if (!options.includeInternal) conditions.push(eq(orderEvents.internal, false));
    return db.select().from(orderEvents).where(and(...conditions)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
  },

  /** The account's own (verified) email: where order mail goes, whatever buyerEmail the order names. */
  async accountEmail(db: Queryable, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.email;
  },

  /** Records where the provider sends the buyer to pay; answers the order as it now is (one statement, no read after). */
  async setPayment(db: Queryable, orderId: string, payment: { reference: string; checkoutUrl: string | null }): Promise<OrderRow | undefined> {
    const [row] = await db.update(orders).set({ paymentReference: payment.reference, checkoutUrl: payment.checkoutUrl }).where(eq(orders.id, orderId)).returning();
    return row;
  },

  /** Records which payment the provider took (a payment for an order no longer open: its refund names it). */
  async setPaymentIds(tx: Tx, orderId: string, payment: { reference: string; paymentId?: string | null }): Promise<void> {
    await tx.update(orders).set({ providerPaymentId: payment.paymentId ?? null, paymentReference: payment.reference }).where(eq(orders.id, orderId));
  },

  /** Pending orders whose reservation has lapsed (the sweeper's work list). */
  async lapsed(db: Queryable, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.reservedUntil, now)))
      .orderBy(asc(orders.reservedUntil))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** One earning per paid order (unique on the order): a second write for the same order is a no-op. */
  async addReferralEarning(tx: Tx, earning: { orderId: string; userId: string; referredUserId: string; currency: string; amountMinor: number }): Promise<void> {
    await tx.insert(referralEarnings).values(earning).onConflictDoNothing({ target: referralEarnings.orderId, where: sql`${referralEarnings.refundId} is null` });
  },

  /** A page of the person's personal orders, newest first, and how many there are (two queries, whatever the page size). */
  /** A page of a person's personal orders, or (scope businessId) of all of one business's orders. */
  async page(db: Queryable, scope: { userId: string } | { businessId: string }, options: { offset: number; limit: number; certificatesOnly: boolean }): Promise<{ rows: OrderRow[]; total: number }> {
    const conditions: SQL[] = 'businessId' in scope ? [eq(orders.businessId, scope.businessId)] : [eq(orders.userId, scope.userId), sql`${orders.businessId} is null`];
    if (options.certificatesOnly) conditions.push(holdsCertificates(db));
    const where = and(...conditions);
    const [rows, [counted]] = await Promise.all([
      db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(options.limit).offset(options.offset),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  /**
   * Paid orders since `since` (a person's personal ones, or all of one business's), per period ('month' or 'year', UTC by paid
   * date): order count and spend per currency in one query, tonnes of offset lines in another.
   */
  async paidPerPeriod(db: Queryable, scope: { userId: string } | { businessId: string }, period: 'month' | 'year', since: Date) {
    const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${orders.paidAt} at time zone 'UTC'), ${sql.raw(period === 'month' ? `'YYYY-MM'` : `'YYYY'`)})`;
    const whose = 'businessId' in scope ? eq(orders.businessId, scope.businessId) : and(eq(orders.userId, scope.userId), sql`${orders.businessId} is null`);
    const paid = and(whose, inArray(orders.status, ['paid', 'partially_refunded']), sql`${orders.paidAt} >= ${since.toISOString()}`);
    const [spend, tonnes] = await Promise.all([
      db
        .select({ period: bucket, currency: orders.currency, orders: count(), amountMinor: sql<number>`sum(${orders.totalMinor} - ${orders.refundedMinor})`.mapWith(Number) })
        .from(orders)
        .where(paid)
        .groupBy(sql`1`, orders.currency),
      db
        .select({ period: bucket, tonnes: sql<number>`sum(${orderItems.quantity} - ${orderItems.refundedQuantity})`.mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(paid, eq(products.kind, 'offset')))
        .groupBy(sql`1`),
    ]);
    return { spend, tonnes };
  },
};
