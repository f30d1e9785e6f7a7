import { hash } from 'node:crypto';
import type { Currency, Product } from '@app/contract';
import { CARD_CHARGE_MAX_MINOR, CARD_CHARGE_MIN_MINOR, type Cart } from '@app/contract/cart';
import { AppError } from '../../lib/app-error.ts';
import { unitPriceMinor } from '../cart/cart.view.ts';
import { evaluateCoupon, moneyText } from '../coupons/coupon.rules.ts';
import type { CouponRow } from '../coupons/coupons.repository.ts';
import type { NewOrderItem } from './orders.repository.ts';

/**
 * The rules that turn a priced cart into an order, without SQL: what may be ordered and the
 * lines as they are frozen on the order.
 */

/**
 * The coupon as the order sees it (decision 0025): its total limit counts paid orders only, so
 * unpaid orders cannot use it up for everyone (a payment re-checks it); the per-person limit also
 * counts this person's own unpaid orders. Throws the coupon's own refusal (code and sentence): an
 * order never silently drops a discount the cart showed.
 */
export function assertCouponUsable(coupon: CouponRow, uses: { redeemed: number; pending: number }, cart: { currency: Currency; subTotalMinor: number }, now: Date) {
  const result = evaluateCoupon(coupon, cart, now, uses.redeemed + uses.pending);
  if (!result.ok) throw new AppError(result.refusal.code, `${result.refusal.message}. Remove the coupon to order without it`);
}

/** What unpaid orders may hold (decision 0025): per account, per client address, units of one product per account. */
export interface UnpaidLimits {
  perAccount: number;
  perAddress: number;
  unitsPerProduct: number;
}

/**
 * Refuses an order that would take the buyer (or their address) past what unpaid orders may hold,
 * with a sentence saying what to do. `holdings` are counted under the buyer's cart lock.
 */
export function assertWithinUnpaidLimits(limits: UnpaidLimits, holdings: { byAccount: number; byAddress: number; unitsByProduct: Map<string, number> }, lines: { productId: string; productName: string; quantity: number }[]) {
  if (holdings.byAccount >= limits.perAccount) {
    throw new AppError('UNPAID_ORDERS_LIMIT', `You have ${holdings.byAccount} orders awaiting payment. Pay or cancel one of them (under Your account, Orders) before placing another`);
  }
  if (holdings.byAddress >= limits.perAddress) {
    throw new AppError('UNPAID_ORDERS_LIMIT', 'Too many orders from your network are awaiting payment right now. Pay or cancel one of yours, or try again later');
  }
  const ordered = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) ordered.set(line.productId, { name: line.productName, quantity: (ordered.get(line.productId)?.quantity ?? 0) + line.quantity });
  for (const [productId, line] of ordered) {
    const held = holdings.unitsByProduct.get(productId) ?? 0;
    if (held + line.quantity > limits.unitsPerProduct) {
      const room = Math.max(limits.unitsPerProduct - held, 0);
      const already = held > 0 ? ` You already have ${held} in orders awaiting payment: pay or cancel them first, or` : '';
      throw new AppError(
        'UNPAID_ORDERS_LIMIT',
        `One account can hold at most ${limits.unitsPerProduct} of ${line.name} in orders awaiting payment.${already}${held > 0 ? ' order' : ' Order'} at most ${room} now`,
      );
    }
  }
}

/** Every line must have a price in the cart's currency, and the total must be chargeable by card. */
export function assertOrderable(cart: Cart, productById: (id: string) => Product | undefined) {
  if (cart.products.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty. Add a product before placing an order');
  for (const line of cart.products) {
    const product = productById(line.product.id);
    if (!product || unitPriceMinor(product, cart.currency) === undefined) throw new AppError('CART_PRODUCT_NOT_PRICED', `${line.product.name} is not sold in ${cart.currency}`);
  }
  const min = CARD_CHARGE_MIN_MINOR[cart.currency];
  if (cart.orderTotalMinor < min || cart.orderTotalMinor > CARD_CHARGE_MAX_MINOR) {
    throw new AppError(
      'ORDER_TOTAL_OUT_OF_RANGE',
      `An order in ${cart.currency} must come to between ${moneyText(min, cart.currency)} and ${moneyText(CARD_CHARGE_MAX_MINOR, cart.currency)}; yours comes to ${moneyText(cart.orderTotalMinor, cart.currency)}`,
    );
  }
}

export type FrozenLine = Omit<NewOrderItem, 'orderId' | 'id'> & { colorId: string | null; sizeId: string | null; productName: string; colorName: string | null; sizeName: string | null };

/** The cart's lines as the order keeps them: names, images and prices copied, so later catalog edits leave the order as it was. */
export function frozenLines(cart: Cart): FrozenLine[] {
  return cart.products.map((line) => ({
    productId: line.product.id,
    colorId: line.color?._id ?? null,
    sizeId: line.size?._id ?? null,
    quantity: line.quantity,
    unitPriceMinor: line.priceMinor,
    productName: line.product.name,
    productSlug: line.product.slug,
    productKind: line.product.kind,
    productUnit: line.product.unit,
    productImages: line.product.image,
    colorName: line.color?.name ?? null,
    sizeName: line.size?.name ?? null,
    // A gift rides from the cart line to the order line as it is (decision 0051): offsets only.
    giftName: line.product.kind === 'offset' ? (line.gift?.name ?? null) : null,
    giftEmail: line.product.kind === 'offset' ? (line.gift?.email ?? null) : null,
    giftMessage: line.product.kind === 'offset' ? (line.gift?.message ?? null) : null,
    giftDeliverOn: line.product.kind === 'offset' ? (line.gift?.deliverOn ?? null) : null,
  }));
}

/** "Organic T-shirt (Green, M)": how a refusal names a line. */
export function lineLabel(line: Pick<NewOrderItem, 'productName' | 'colorName' | 'sizeName'>): string {
  const variation = [line.colorName, line.sizeName].filter(Boolean).join(', ');
  return variation ? `${line.productName} (${variation})` : (line.productName ?? 'This product');
}

export function outOfStock(label: string, available: number): AppError {
  if (available <= 0) return new AppError('CART_OUT_OF_STOCK', `${label} is out of stock. Please remove it from your cart`);
  return new AppError('CART_OUT_OF_STOCK', `Only ${available} of ${label} ${available === 1 ? 'is' : 'are'} left in stock. Please lower the quantity in your cart`);
}

/** A fingerprint of what was asked (keys sorted), so a reused Idempotency-Key with another body is told apart from a retry. */
export function requestHash(body: unknown): string {
  // One-shot: a hash object per order costs 10 µs when OpenSSL's code is cold, the one-shot 7 µs.
  return hash('sha256', canonical(body), 'hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
