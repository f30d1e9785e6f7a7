import { CURRENCY_EXPONENT, formatPrice, minorToMajor, type Currency, type ErrorCode } from '@app/contract';
import type { CouponRow } from './coupons.repository.ts';

/**
 * The coupon rules, without SQL or HTTP: whether a coupon may be used now, by this person, on a
 * cart of this currency and sub-total, and how much it takes off. Every refusal is a code and a
 * sentence a shopper understands.
 */

export interface CouponRefusal {
  code: ErrorCode;
  message: string;
}

export interface CouponDiscount {
  discountMinor: number;
  unit: 'percent' | 'amount';
  /** 10 for 10 %, or the amount off in major units of the cart's currency. */
  value: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
/** "12.50 USD", and "750 JPY" for a currency without minor units. */
export function moneyText(minor: number, currency: Currency): string {
  const text = formatPrice(minorToMajor(minor, currency), currency);
  return CURRENCY_EXPONENT[currency] === 0 ? text.replace('.00 ', ' ') : text;
}
const money = moneyText;

/** Checks that do not depend on a cart: validity window and uses left (in all and for this person). */
export function refusalWithoutCart(coupon: CouponRow, now: Date, usesByThisPerson: number): CouponRefusal | null {
  // An operator disabled it (console): refused like an ended coupon; orders holding it keep their discount.
  if (coupon.disabledAt) return { code: 'COUPON_NOT_ACTIVE', message: `Coupon ${coupon.code} is no longer available` };
  if (coupon.startsAt && now < coupon.startsAt) return { code: 'COUPON_NOT_ACTIVE', message: `Coupon ${coupon.code} can be used from ${day(coupon.startsAt)}` };
  if (coupon.endsAt && now >= coupon.endsAt) return { code: 'COUPON_NOT_ACTIVE', message: `Coupon ${coupon.code} expired on ${day(coupon.endsAt)}` };
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return { code: 'COUPON_EXHAUSTED', message: `Coupon ${coupon.code} has been fully used` };
  if (coupon.maxUsesPerUser !== null && usesByThisPerson >= coupon.maxUsesPerUser) return { code: 'COUPON_EXHAUSTED', message: `You have already used coupon ${coupon.code} as often as it allows` };
  return null;
}

/**
 * The discount on a cart, or why there is none. A percentage is rounded to the nearest minor unit
 * (half up); a fixed amount never takes off more than the sub-total.
 */
export function evaluateCoupon(
  coupon: CouponRow,
  cart: { currency: Currency; subTotalMinor: number },
  now: Date,
  usesByThisPerson: number,
): { ok: true; discount: CouponDiscount } | { ok: false; refusal: CouponRefusal } {
  const refusal = refusalWithoutCart(coupon, now, usesByThisPerson);
  if (refusal) return { ok: false, refusal };
  if (cart.subTotalMinor <= 0) return { ok: false, refusal: { code: 'COUPON_NOT_APPLICABLE', message: 'Add something to your cart before applying a coupon' } };
  const minimum = coupon.minimumOrderMinor?.[cart.currency];
  if (minimum !== undefined && cart.subTotalMinor < minimum) {
    return {
      ok: false,
      refusal: {
        code: 'COUPON_MINIMUM_NOT_MET',
        message: `Coupon ${coupon.code} needs an order of at least ${money(minimum, cart.currency)}; your cart comes to ${money(cart.subTotalMinor, cart.currency)}`,
      },
    };
  }
  if (coupon.kind === 'percent') {
    const percent = coupon.percentOff ?? 0;
    return { ok: true, discount: { discountMinor: Math.min(cart.subTotalMinor, Math.round((cart.subTotalMinor * percent) / 100)), unit: 'percent', value: percent } };
  }
  const amount = coupon.amountOffMinor?.[cart.currency];
  if (amount === undefined) return { ok: false, refusal: { code: 'COUPON_NOT_APPLICABLE', message: `Coupon ${coupon.code} cannot be used with prices in ${cart.currency}` } };
  return { ok: true, discount: { discountMinor: Math.min(cart.subTotalMinor, amount), unit: 'amount', value: minorToMajor(amount, cart.currency) } };
}
