import { and, asc, count, desc, eq, exists, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, couponRedemptions, coupons, orderItems, orders, products, referralEarnings, users } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { CouponRow } from '../coupons/coupons.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
type Queryable = Database | Tx;

/** Orders for which retirement certificates were issued (paid orders with offset lines). */
const holdsCertificates = (db: Queryable) => exists(db.select({ one: sql`1` }).from(certificates).where(eq(certificates.orderId, orders.id)));

export interface OrderCertificateRow {
  orderId: string;
  serial: string;
  productName: string;
  tonnesMilli: number;
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
      .select({ orderId: certificates.orderId, serial: certificates.serial, productName: certificates.projectName, tonnesMilli: certificates.tonnesMilli })
      .from(certificates)
      .where(inArray(certificates.orderId, orderIds))
      .orderBy(asc(certificates.orderItemId));
  },

  /**
   * The coupon, locked until the transaction ends: placements using one coupon run one after
   * another, so its uses (paid and held by pending orders) are counted without a race.
   */
  async lockCoupon(tx: Tx, couponId: string): Promise<CouponRow | undefined> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    return row;
  },

  /** Uses of a coupon held by pending orders, in all and by one person. */
  async pendingCouponUses(tx: Tx, couponId: string, userId: string): Promise<{ all: number; byUser: number }> {
    const [row] = await tx
      .select({ all: count(), byUser: sql<number>`count(*) filter (where ${orders.userId} = ${userId})`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.couponId, couponId), eq(orders.status, 'pending')));
    return { all: row?.all ?? 0, byUser: row?.byUser ?? 0 };
  },

  async redemptionsBy(tx: Tx, couponId: string, userId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    return row?.n ?? 0;
  },

  /** The account's own (verified) email: where order mail goes, whatever buyerEmail the order names. */
  async accountEmail(db: Queryable, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.email;
  },

  async userExists(db: Queryable, userId: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    return row !== undefined;
  },

  /** Writes the order and its lines; answers both, the lines in `itemsOf`'s order. */
  async insert(tx: Tx, order: NewOrder, items: Omit<NewOrderItem, 'orderId'>[]): Promise<{ row: OrderRow; items: OrderItemRow[] }> {
    const [row] = await tx.insert(orders).values(order).returning();
    const written = await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id }))).returning();
    return { row, items: written.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
  },

  async setPayment(db: Queryable, orderId: string, payment: { reference: string; checkoutUrl: string | null }): Promise<void> {
    await db.update(orders).set({ paymentReference: payment.reference, checkoutUrl: payment.checkoutUrl }).where(eq(orders.id, orderId));
  },

  /** pending → paid, only once: a second call (a retried webhook) changes nothing and answers undefined. */
  async markPaid(tx: Tx, orderId: string, reference: string, now: Date): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now, paymentReference: reference, reservedUntil: null, checkoutUrl: null })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning();
    return row;
  },

  /** pending → expired, only once. */
  async markExpired(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'expired', reservedUntil: null, checkoutUrl: null })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning();
    return row;
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
    await tx.insert(referralEarnings).values(earning).onConflictDoNothing({ target: referralEarnings.orderId });
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
    const paid = and(whose, eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${since.toISOString()}`);
    const [spend, tonnes] = await Promise.all([
      db
        .select({ period: bucket, currency: orders.currency, orders: count(), amountMinor: sql<number>`sum(${orders.totalMinor})`.mapWith(Number) })
        .from(orders)
        .where(paid)
        .groupBy(sql`1`, orders.currency),
      db
        .select({ period: bucket, tonnes: sql<number>`sum(${orderItems.quantity})`.mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(paid, eq(products.kind, 'offset')))
        .groupBy(sql`1`),
    ]);
    return { spend, tonnes };
  },
};
