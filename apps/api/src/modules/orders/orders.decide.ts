import { isSupportedCurrency } from '@app/contract';
import type { Cart } from '@app/contract/cart';
import type { orderCreateBodySchema } from '@app/contract/orders';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { effectiveCurrency } from '../auth/session.ts';
import type { BuyingBusiness } from '../business/business-buyer.ts';
import type { CartItemRow, CartRow } from '../cart/cart.repository.ts';
import { buildCartView } from '../cart/cart.view.ts';
import { productLookup } from '../cart/product-index.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import type { CouponRow } from '../coupons/coupons.repository.ts';
import { assertCouponUsable, assertOrderable, frozenLines, type FrozenLine } from './orders.pricing.ts';
import type { NewOrder } from './orders.repository.ts';

export type PlaceBody = z.output<typeof orderCreateBodySchema>;

/**
 * Who earns on this order (issue 23 item 6, decision 0027): only the person who referred the
 * buyer when they signed up through a referral link. The order may repeat that id or leave the
 * field blank; an order naming anyone else is placed without a referral, and says nothing of it
 * (telling would only help someone probe for a working id).
 */
export function referrerOf(user: UserRow, named: string | null | undefined): string | null {
  const signUpReferrer = user.referredByUserId && user.referredByUserId !== user.id ? user.referredByUserId : null;
  if (!signUpReferrer) return null;
  return !named || named === signUpReferrer ? signUpReferrer : null;
}

/** What the order is decided from: the buyer's cart as read (under its lock, or re-checked under it). */
export interface OrderFacts {
  user: UserRow;
  body: PlaceBody;
  cart: CartRow;
  items: CartItemRow[];
  coupon: CouponRow | undefined;
  /** This person's uses of the coupon: redeemed, and held by their pending orders. */
  couponUses: { redeemed: number; pending: number };
  now: Date;
}

/**
 * The rules that turn a cart into an order, in the order they refuse: an empty cart, a coupon
 * that may not be used, a line not sold in the currency or a total no card can charge. Answers
 * the priced cart, its frozen lines and the order's columns but for the business (checked by
 * the caller, after the caps on unpaid orders) and what only the writer knows.
 */
export function decideOrder(facts: OrderFacts, catalog: Pick<CatalogHandle, 'snapshot'>) {
  const { user, body, cart, items, coupon, now } = facts;
  if (items.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty. Add a product before placing an order');
  const currency = isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user);
  const productById = productLookup(catalog.snapshot());
  const pricing = { cartId: cart.id, currency, type: 'regular' as const, lines: items, couponUsesByUser: 0, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, now };
  const priced = buildCartView({ ...pricing, coupon: null, couponType: null }, productById);
  let view: Cart = priced;
  if (coupon) {
    // Counted under the coupon's lock: paid uses (its row), and this person's own uses.
    assertCouponUsable(coupon, facts.couponUses, priced, now);
    view = buildCartView({ ...pricing, coupon, couponType: cart.couponType }, productById);
  }
  assertOrderable(view, productById);
  const lines: FrozenLine[] = frozenLines(view);
  // The checkout's explicit choice wins (issue 26): a body that names an event, or says null
  // ("not for an event"), decides; only a body silent on it takes the cart's "Buy for this event" tie.
  const eventTie =
    body.conferanceCode !== undefined
      ? { conferanceCode: body.conferanceCode || null, eventOwnerOrder: Boolean(body.conferanceCode && body.eventOwnerOrder), businessEventUserId: body.conferanceCode ? (body.businessEventUserId ?? null) : null }
      : { conferanceCode: cart.conferanceCode, eventOwnerOrder: cart.eventOwnerOrder, businessEventUserId: cart.businessEventUserId };
  const discounted = Boolean(coupon && view.discountMinor > 0);
  return { view, lines, currency, eventTie, couponUsed: discounted ? coupon! : null, referrer: referrerOf(user, body.referalUserId) };
}

/** The order's columns from a decision, the business it is for, and what the placement adds. */
export function orderColumns(
  facts: Pick<OrderFacts, 'user' | 'body'>,
  decided: ReturnType<typeof decideOrder>,
  business: BuyingBusiness | null,
  extra: Pick<NewOrder, 'idempotencyKey' | 'requestHash' | 'paymentProvider' | 'reservedUntil' | 'clientKey'>,
): NewOrder {
  const { user, body } = facts;
  const { view, currency, eventTie, couponUsed, referrer } = decided;
  return {
    userId: user.id,
    status: 'pending',
    kind: business ? 'business' : eventTie.conferanceCode ? 'event' : 'personal',
    businessId: business?.id ?? null,
    businessCode: business?.businessCode ?? null,
    ...eventTie,
    currency,
    subTotalMinor: view.subTotalMinor,
    discountMinor: view.discountMinor,
    totalMinor: view.orderTotalMinor,
    couponId: couponUsed?.id ?? null,
    couponCode: couponUsed?.code ?? null,
    discountUnit: view.discountMinor > 0 ? view.discountUnit : null,
    referrerUserId: referrer,
    firstName: body.firstName,
    lastName: body.lastName,
    buyerEmail: body.buyerEmail || user.email,
    address: body.address,
    ...extra,
  };
}

export function assertBusiness(body: PlaceBody, business: BuyingBusiness | null): void {
  if (body.isBusinessOrder && !business) throw new AppError('FORBIDDEN', 'Only the owner and members of this business can place its orders. Check the business code, or place a personal order');
}
