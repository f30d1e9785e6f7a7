import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
/** A database handle or an open transaction: both run the same queries. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'transaction' | 'execute'>;

export type RedeemResult = 'redeemed' | 'already-redeemed';

/** SQL for coupons and their uses. */
export function createCouponsRepository(db: Queryable) {
  return {
    async findByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
      return row;
    },

    async findById(id: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
      return row;
    },

    async insert(values: NewCoupon): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning();
      return row;
    },

    /** How many paid orders of this person used the coupon. */
    async usesBy(couponId: string, userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
      return row?.n ?? 0;
    },
  };
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;

/**
 * Counts one use of a coupon for a paid order — the function the payment step calls, inside its
 * own transaction or alone. The coupon row is locked first (`FOR UPDATE`), so concurrent
 * redemptions of one coupon run one after another; then the order, total and per-person limits
 * are checked and the count raised by a conditional update. Besides the lock, the table's check
 * constraint refuses a count above the limit, and the unique order id makes a retried payment of
 * the same order count once.
 *
 * Throws COUPON_EXHAUSTED when the coupon may not be used again (the caller's transaction rolls
 * back); answers 'already-redeemed' when this order was counted before.
 */
export async function redeemCoupon(db: Queryable, redemption: { couponId: string; userId: string; orderId: string }): Promise<RedeemResult> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ code: coupons.code, maxUses: coupons.maxUses, usedCount: coupons.usedCount, maxUsesPerUser: coupons.maxUsesPerUser })
      .from(coupons)
      .where(eq(coupons.id, redemption.couponId))
      .for('update');
    if (!coupon) throw new AppError('COUPON_NOT_FOUND', 'This coupon no longer exists');

    const [already] = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.orderId, redemption.orderId)).limit(1);
    if (already) return 'already-redeemed';

    if (coupon.maxUsesPerUser !== null) {
      const [mine] = await tx
        .select({ n: count() })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, redemption.couponId), eq(couponRedemptions.userId, redemption.userId)));
      if ((mine?.n ?? 0) >= coupon.maxUsesPerUser) throw new AppError('COUPON_EXHAUSTED', `You have already used coupon ${coupon.code} as often as it allows`);
    }
    const raised = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, redemption.couponId), sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`))
      .returning({ id: coupons.id });
    if (raised.length === 0) throw new AppError('COUPON_EXHAUSTED', `Coupon ${coupon.code} has been fully used`);
    await tx.insert(couponRedemptions).values(redemption);
    return 'redeemed';
  });
}
