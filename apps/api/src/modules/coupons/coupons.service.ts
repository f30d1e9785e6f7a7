import type { CouponView } from '@app/contract/coupons';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { refusalWithoutCart } from './coupon.rules.ts';
import { createCouponsRepository, type CouponRow } from './coupons.repository.ts';

export function toCouponView(coupon: CouponRow): CouponView {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOffMinor: (coupon.amountOffMinor as CouponView['amountOffMinor']) ?? null,
    minimumOrderMinor: (coupon.minimumOrderMinor ?? {}) as CouponView['minimumOrderMinor'],
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
    description: coupon.description,
  };
}

/** `GET /v1/coupons/{code}`: the coupon, if this person could use it now (the cart's minimum is checked on apply). */
export function createCouponsService(db: Database, now: () => Date = () => new Date()) {
  const coupons = createCouponsRepository(db);
  return {
    async lookUp(userId: string, code: string) {
      const coupon = await coupons.findByCode(code);
      if (!coupon) throw new AppError('COUPON_NOT_FOUND', `There is no coupon ${code}`);
      const refusal = refusalWithoutCart(coupon, now(), coupon.maxUsesPerUser !== null ? await coupons.usesBy(coupon.id, userId) : 0);
      if (refusal) throw new AppError(refusal.code, refusal.message);
      return { success: true as const, data: toCouponView(coupon) };
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
