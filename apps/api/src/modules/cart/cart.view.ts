import { CURRENCY_SYMBOL, minorToMajor, type Currency, type Product } from '@app/contract';
import { isWithinCardRange, type Cart, type CartLine } from '@app/contract/cart';
import { evaluateCoupon } from '../coupons/coupon.rules.ts';
import type { CouponRow } from '../coupons/coupons.repository.ts';

/**
 * Prices a cart: the one place totals are computed. Unit prices come from the product's price
 * list in the cart's currency (integer minor units), the coupon is evaluated against the
 * sub-total, and the total is checked against what the card provider can charge.
 */

export interface PricedLineInput {
  id: string;
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  quantity: number;
  /** The gift set on the line (cart_items' gift columns), if any. */
  giftName?: string | null;
  giftEmail?: string | null;
  giftMessage?: string | null;
  giftDeliverOn?: string | null;
}

export interface CartViewInput {
  cartId: string | null;
  currency: Currency;
  type: 'regular';
  lines: PricedLineInput[];
  coupon: CouponRow | null;
  couponType: string | null;
  /** Paid orders of this person that used the coupon (for its per-person limit). */
  couponUsesByUser: number;
  conferanceCode: string | null;
  eventOwnerOrder: boolean;
  businessEventUserId: string | null;
  /** Set when the cart is in a business's context (cart transfer). */
  businessCode?: string | null;
  now: Date;
}

/** The product's price in minor units of `currency`, if it is sold in that currency. */
export function unitPriceMinor(product: Product, currency: Currency): number | undefined {
  return product.priceList.find((entry) => entry.currency === currency)?.priceMinor;
}

/** Units in stock of the product, or of the chosen color and size, as the catalog shows them. */
export function catalogStock(product: Product, colorId: string | null, sizeId: string | null): number {
  if (product.variation.length === 0) return product.actualStock;
  const size = product.variation.find((color) => color._id === colorId)?.sizes.find((s) => s._id === sizeId);
  return size?.stock ?? 0;
}

export function buildCartView(input: CartViewInput, productById: (id: string) => Product | undefined): Cart {
  const { currency } = input;
  const money = (minor: number) => minorToMajor(minor, currency);
  const products: CartLine[] = [];
  for (const line of input.lines) {
    const product = productById(line.productId);
    // A product gone from the catalog (its lines are deleted with it) is not shown or charged.
    if (!product) continue;
    const priceMinor = unitPriceMinor(product, currency) ?? 0;
    const color = product.variation.find((c) => c._id === line.colorId) ?? null;
    const size = color?.sizes.find((s) => s._id === line.sizeId) ?? null;
    products.push({
      cartItemId: line.id,
      product: { _id: product._id, id: product.id, name: product.name, slug: product.slug, image: product.image, kind: product.kind, unit: product.unit },
      color: color ? { _id: color._id, name: color.name, image: color.image } : null,
      size: size ? { _id: size._id, name: size.name } : null,
      quantity: line.quantity,
      inStock: catalogStock(product, line.colorId, line.sizeId),
      price: money(priceMinor),
      priceMinor,
      lineTotal: money(priceMinor * line.quantity),
      lineTotalMinor: priceMinor * line.quantity,
      gift: line.giftName && line.giftEmail ? { name: line.giftName, email: line.giftEmail, message: line.giftMessage ?? null, deliverOn: line.giftDeliverOn ?? null } : null,
    });
  }
  const subTotalMinor = products.reduce((sum, line) => sum + line.lineTotalMinor, 0);

  let discountMinor = 0;
  let discountUnit: Cart['discountUnit'] = null;
  let couponValue: number | null = null;
  let couponError: string | null = null;
  if (input.coupon) {
    const result = evaluateCoupon(input.coupon, { currency, subTotalMinor }, input.now, input.couponUsesByUser);
    if (result.ok) {
      discountMinor = result.discount.discountMinor;
      discountUnit = result.discount.unit;
      couponValue = result.discount.value;
    } else {
      // The coupon stays on the cart (it may apply again, e.g. once the minimum is reached) but takes nothing off.
      discountUnit = input.coupon.kind;
      couponValue = input.coupon.kind === 'percent' ? input.coupon.percentOff : null;
      couponError = result.refusal.message;
    }
  }
  const orderTotalMinor = Math.max(0, subTotalMinor - discountMinor);
  const coupon = input.coupon?.code ?? null;
  const couponType = coupon ? (input.couponType ?? 'regular') : null;

  return {
    _id: input.cartId,
    products,
    itemCount: products.length,
    currency,
    currencySymbol: CURRENCY_SYMBOL[currency],
    temporaryCheckoutCurrency: currency,
    type: input.type,
    subTotal: money(subTotalMinor),
    subTotalMinor,
    discount: money(discountMinor),
    discountMinor,
    discountUnit,
    couponValue,
    orderTotal: money(orderTotalMinor),
    orderTotalMinor,
    orderTotalWithinStripeRange: isWithinCardRange(orderTotalMinor, currency),
    coupon,
    couponType,
    couponError,
    // The built-in test provider has no provider-side coupons; the Stripe provider fills these.
    couponData: coupon ? { coupon, stripePaymentCouponId: null, stripeSubscriptionCouponId: null, type: couponType ?? 'regular' } : null,
    stripePaymentCouponId: null,
    stripeSubscriptionCouponId: null,
    conferanceCode: input.conferanceCode,
    eventOwnerOrder: input.eventOwnerOrder,
    businessEventUserId: input.businessEventUserId,
    businessCode: input.businessCode ?? null,
  };
}
