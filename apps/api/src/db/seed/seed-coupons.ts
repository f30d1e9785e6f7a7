import { count } from 'drizzle-orm';
import type { CouponDefinition } from '@app/contract/coupons';
import { createCoupon } from '../../modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../../modules/coupons/coupons.repository.ts';
import type { Database } from '../client.ts';
import { coupons } from '../schema/index.ts';

/** The coupons a fresh shop starts with (named in the README, "Cart and coupons"). */
export const SEED_COUPONS: CouponDefinition[] = [
  { code: 'WELCOME10', kind: 'percent', percentOff: 10, maxUsesPerUser: 1, description: '10% off your first order' },
  {
    code: 'GREEN5',
    kind: 'amount',
    // "5 off" in each currency at shelf-price points, on orders of at least about 25 USD.
    amountOffMinor: { USD: 500, CAD: 700, GBP: 400, EUR: 500, INR: 40_000, JPY: 750, CNY: 3_500 },
    minimumOrderMinor: { USD: 2_500, CAD: 3_500, GBP: 2_000, EUR: 2_500, INR: 200_000, JPY: 3_750, CNY: 18_000 },
    description: '5 off orders of 25 or more',
  },
  { code: 'PLANET15', kind: 'percent', percentOff: 15, maxUses: 100, minimumOrderMinor: { USD: 10_000, CAD: 14_000, GBP: 8_000, EUR: 9_000, INR: 840_000, JPY: 15_000, CNY: 72_000 }, description: '15% off orders of 100 or more, for the first 100 orders' },
];

/** Seeds the coupons while the table is empty, in one transaction. */
export async function seedCoupons(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(coupons);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const repo = createCouponsRepository(tx);
    for (const definition of SEED_COUPONS) await createCoupon(repo, definition);
  });
  return true;
}
