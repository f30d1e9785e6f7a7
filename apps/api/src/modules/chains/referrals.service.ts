import { count, desc, eq } from 'drizzle-orm';
import type { ReferralEarningLog } from '@app/contract/chains';
import type { Database } from '../../db/client.ts';
import { orders, referralEarnings, users } from '../../db/schema/index.ts';
import { requireSelf } from './chains.access.ts';
import { shortName } from './chains.view.ts';

/**
 * `GET v1/referral-user-earning-logs/user/{userId}?page=&size=`: the earnings credited to the
 * caller for the paid orders of people they referred (written once per order by orders.payment.ts),
 * newest first. Own only: 404 for an unknown user, 403 for someone else.
 */
export function createReferralLogs(db: Database) {
  return {
    async page(callerId: string, userId: string, page: number, size: number): Promise<{ data: ReferralEarningLog[]; meta: { page: number; size: number; total: number } }> {
      await requireSelf(db, callerId, userId, 'referral earnings');
      const where = eq(referralEarnings.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ earning: referralEarnings, orderNumber: orders.orderNumber, firstName: users.firstName, lastName: users.lastName, buyerId: users.id })
          .from(referralEarnings)
          .leftJoin(orders, eq(orders.id, referralEarnings.orderId))
          .leftJoin(users, eq(users.id, referralEarnings.referredUserId))
          .where(where)
          .orderBy(desc(referralEarnings.createdAt), desc(referralEarnings.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(referralEarnings).where(where),
      ]);
      return {
        data: rows.map((row) => ({
          _id: row.earning.id,
          orderId: row.earning.orderId,
          orderNumber: row.orderNumber,
          referredUser: row.buyerId ? shortName({ id: row.buyerId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }) : null,
          currency: row.earning.currency,
          amountMinor: row.earning.amountMinor,
          createdAt: row.earning.createdAt.toISOString(),
        })),
        meta: { page, size, total: total?.n ?? 0 },
      };
    },
  };
}
export type ReferralLogs = ReturnType<typeof createReferralLogs>;
