import { isSupportedCurrency, type Currency } from '@app/contract';
import { giftDeliveryProblem, type Cart, type CartGiftBody, type CartUpdateBody } from '@app/contract/cart';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { effectiveCurrency } from '../auth/session.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { evaluateCoupon } from '../coupons/coupon.rules.ts';
import { createCouponsRepository, type CouponRow } from '../coupons/coupons.repository.ts';
import { enforceStock, planChanges, stockKeys, type ChangeMode, type RequestedLine } from './cart.changes.ts';
import { cartRepository as repo, type CartItemRow, type CartRow, type Tx } from './cart.repository.ts';
import { buildCartView } from './cart.view.ts';
import { productLookup } from './product-index.ts';
import { businessOfBuyer } from '../business/business-buyer.ts';

export interface CartDeps {
  db: Database;
  catalog: Pick<CatalogHandle, 'snapshot'>;
  now?: () => Date;
}

type UpdateBody = Omit<CartUpdateBody, 'products' | 'type'> & { products: RequestedLine[]; type: 'regular' };

export interface CartAnswer {
  success: true;
  message?: string;
  data: Cart;
}

/**
 * The cart rules (spec §3, §4): every change is one short transaction that starts by locking the
 * person's cart row, reads stock from the database, writes the lines and ends. Totals are priced
 * afterwards from the catalog read model (cart.view.ts).
 */
export function createCartService({ db, catalog, now = () => new Date() }: CartDeps) {
  const coupons = createCouponsRepository(db);
  const products = () => productLookup(catalog.snapshot());

  async function view(user: UserRow, cart: CartRow | undefined, items: CartItemRow[]): Promise<Cart> {
    const coupon: CouponRow | undefined = cart?.couponId ? await coupons.findById(cart.couponId) : undefined;
    const uses = coupon && coupon.maxUsesPerUser !== null ? await coupons.usesBy(coupon.id, user.id) : 0;
    return buildCartView(
      {
        cartId: cart?.id ?? null,
        currency: cart && isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user),
        type: 'regular',
        lines: items,
        coupon: coupon ?? null,
        couponType: cart?.couponType ?? null,
        couponUsesByUser: uses,
        conferanceCode: cart?.conferanceCode ?? null,
        eventOwnerOrder: cart?.eventOwnerOrder ?? false,
        businessEventUserId: cart?.businessEventUserId ?? null,
        businessCode: cart?.businessCode ?? null,
        now: now(),
      },
      products(),
    );
  }

  /** Runs one change of the person's cart in a transaction holding its lock; answers the priced cart. */
  async function change(user: UserRow, work: (tx: Tx, cart: CartRow) => Promise<CartRow | void>): Promise<Cart> {
    const { cart, items } = await db.transaction(async (tx) => {
      const locked = await repo.lockForUser(tx, user.id, effectiveCurrency(user));
      const updated = (await work(tx, locked)) ?? locked;
      return { cart: updated, items: await repo.items(tx, updated.id) };
    });
    return view(user, cart, items);
  }

  function currencyOf(user: UserRow, cart: CartRow, requested: Currency | boolean | undefined): Currency {
    if (requested === true) return effectiveCurrency(user);
    if (typeof requested === 'string') return requested;
    return isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user);
  }

  return {
    async get(user: UserRow): Promise<CartAnswer> {
      const cart = await repo.findByUser(db, user.id);
      return { success: true, data: await view(user, cart, cart ? await repo.items(db, cart.id) : []) };
    },

    /** `PATCH /v1/carts` (spec §3 cart update payload). */
    async update(user: UserRow, body: UpdateBody): Promise<CartAnswer> {
      const mode: ChangeMode = body.checkout ? 'checkout' : body.itemsPreLogin ? 'merge' : 'add';
      let notes: string[] = [];
      let alreadyMerged = false;
      // "Buy for this event" (issue 26): the cart is tied to an event only when the shopper says
      // so, and only to an event that exists, named as the event stores its code.
      const eventCode = body.conferanceCode ? await repo.eventCode(db, body.conferanceCode) : null;
      if (body.conferanceCode && !eventCode) {
        throw new AppError('NOT_FOUND', 'There is no event with this conference code', { fields: { conferanceCode: ['Check the conference code of the event'] } });
      }
      const data = await change(user, async (tx, cart) => {
        if (mode === 'merge' && body.mergeId && cart.lastMergeId === body.mergeId) {
          alreadyMerged = true;
          return;
        }
        const currency = currencyOf(user, cart, body.updateCurrency);
        const items = await repo.items(tx, cart.id);
        const plan = planChanges(items, body.products, mode, currency, products());
        if (currency !== cart.currency) {
          // Re-pricing: every line kept must be sold in the new currency (new lines were checked by the plan).
          for (const line of plan.lines) if (line.quantity > 0 && line.id) assertSoldIn(products(), line.productId, currency);
        }
        const { productIds, sizeIds } = stockKeys(plan);
        enforceStock(plan, await repo.stockLevels(tx, productIds, sizeIds), mode);
        for (const line of plan.lines) {
          if (line.id === null) {
            if (line.quantity > 0) await repo.insertItem(tx, { cartId: cart.id, productId: line.productId, colorId: line.colorId, sizeId: line.sizeId, quantity: line.quantity });
          } else if (line.quantity === 0) await repo.deleteItems(tx, cart.id, [line.id]);
          else if (line.quantity !== line.before) await repo.setItemQuantity(tx, line.id, line.quantity);
        }
        notes = plan.notes;
        return repo.update(tx, cart.id, {
          currency,
          type: body.type,
          ...(mode === 'merge' && body.mergeId ? { lastMergeId: body.mergeId } : {}),
          ...(body.conferanceCode !== undefined ? { conferanceCode: eventCode } : {}),
          ...(body.eventOwnerOrder !== undefined ? { eventOwnerOrder: body.eventOwnerOrder ?? false } : {}),
          ...(body.businessEventUserId !== undefined ? { businessEventUserId: body.businessEventUserId } : {}),
        });
      });
      return { success: true, message: alreadyMerged ? 'Your earlier cart was added already' : updateMessage(mode, body, notes), data };
    },

    /**
     * `PATCH /v1/calculate-express-checkout`: the totals of buying these products at once, priced
     * and stock-checked like the cart, with an optional coupon; nothing is stored.
     */
    async express(user: UserRow, body: { products: RequestedLine[]; coupon?: string | null; updateCurrency?: Currency | boolean }): Promise<CartAnswer> {
      const cart = await repo.findByUser(db, user.id);
      const currency = typeof body.updateCurrency === 'string' ? body.updateCurrency : cart && body.updateCurrency !== true && isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user);
      const plan = planChanges([], body.products, 'add', currency, products());
      const { productIds, sizeIds } = stockKeys(plan);
      enforceStock(plan, await repo.stockLevels(db, productIds, sizeIds), 'add');
      const code = body.coupon?.trim().toUpperCase();
      const coupon = code ? await coupons.findByCode(code) : undefined;
      if (code && !coupon) throw new AppError('COUPON_NOT_FOUND', `There is no coupon ${code}`);
      const uses = coupon && coupon.maxUsesPerUser !== null ? await coupons.usesBy(coupon.id, user.id) : 0;
      const lines = plan.lines.filter((line) => line.quantity > 0).map((line, index) => ({ ...line, id: `express-${index + 1}` }));
      const data = buildCartView(
        { cartId: null, currency, type: 'regular', lines, coupon: coupon ?? null, couponType: coupon ? 'regular' : null, couponUsesByUser: uses, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, now: now() },
        products(),
      );
      return { success: true, data };
    },

    /**
     * `PATCH /v1/carts/{id}/gift` (decision 0051): gives one offset line of this person's cart to
     * someone, or (gift null) takes the gift back. Placing the order copies it to the order line.
     */
    async setGift(user: UserRow, cartItemId: string, body: CartGiftBody): Promise<CartAnswer> {
      const gift = body.gift;
      if (gift?.deliverOn) {
        const problem = giftDeliveryProblem(gift.deliverOn, now());
        if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { 'gift.deliverOn': [problem] } });
      }
      const data = await change(user, async (tx, cart) => {
        const line = (await repo.items(tx, cart.id)).find((item) => item.id === cartItemId);
        if (!line) throw new AppError('NOT_FOUND', 'This item is not in your cart');
        if (gift && products()(line.productId)?.kind !== 'offset') {
          throw new AppError('VALIDATION_FAILED', 'Only offset projects can be given as a gift', { fields: { gift: ['Only offset projects can be given as a gift'] } });
        }
        await repo.setItemGift(tx, cart.id, cartItemId, {
          giftName: gift?.name ?? null,
          giftEmail: gift?.email ?? null,
          giftMessage: gift?.message || null,
          giftDeliverOn: gift?.deliverOn || null,
        });
      });
      return { success: true, message: gift ? `This offset is now a gift to ${gift.name}` : 'This offset is no longer a gift', data };
    },

    /** `PATCH /v1/carts/{id}/remove`: the line must be in this person's cart (404 otherwise). */
    async removeLine(user: UserRow, cartItemId: string): Promise<CartAnswer> {
      const data = await change(user, async (tx, cart) => {
        if ((await repo.deleteItems(tx, cart.id, [cartItemId])) === 0) throw new AppError('NOT_FOUND', 'This item is not in your cart');
      });
      return { success: true, message: 'Item Removed from cart', data };
    },

    /** `DELETE /v1/carts`: empties the cart and drops its coupon and event ties (spec §4 "clearing all"). */
    async clear(user: UserRow): Promise<CartAnswer> {
      const data = await change(user, async (tx, cart) => {
        await repo.deleteItems(tx, cart.id);
        return repo.update(tx, cart.id, { couponId: null, couponType: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null });
      });
      return { success: true, message: 'Removed All From Cart', data };
    },

    /** `POST /v1/coupons/{code}/apply`: one coupon per cart; a new one replaces the old. */
    async applyCoupon(user: UserRow, code: string, type: 'regular'): Promise<CartAnswer> {
      const coupon = await coupons.findByCode(code);
      if (!coupon) throw new AppError('COUPON_NOT_FOUND', `There is no coupon ${code}`);
      const uses = await coupons.usesBy(coupon.id, user.id);
      const data = await change(user, async (tx, cart) => {
        const items = await repo.items(tx, cart.id);
        const priced = buildCartView({ cartId: cart.id, currency: currencyOf(user, cart, undefined), type: 'regular', lines: items, coupon: null, couponType: null, couponUsesByUser: 0, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, now: now() }, products());
        const result = evaluateCoupon(coupon, { currency: priced.currency, subTotalMinor: priced.subTotalMinor }, now(), uses);
        if (!result.ok) throw new AppError(result.refusal.code, result.refusal.message);
        return repo.update(tx, cart.id, { couponId: coupon.id, couponType: type });
      });
      return { success: true, message: `Coupon ${coupon.code} applied`, data };
    },

    /**
     * `PUT /v1/carts/transfer`: the cart is now filled for this business (its owner or an active
     * member only; an unknown code answers the same 403). The checkout then preselects a business order.
     */
    async transfer(user: UserRow, businessCode: string): Promise<CartAnswer> {
      let businessName = '';
      const data = await change(user, async (tx, cart) => {
        const business = await businessOfBuyer(tx, user.id, businessCode);
        if (!business) throw new AppError('FORBIDDEN', 'Only the owner and members of this business can fill a cart for it. Check the business code');
        businessName = business.name;
        return repo.update(tx, cart.id, { businessId: business.id, businessCode: business.businessCode });
      });
      return { success: true, message: `Your cart is now for ${businessName}`, data };
    },

    /**
     * `PUT /v1/carts/transfer/reverse`: back to a personal cart. No membership is needed (someone
     * who left the business must still get their cart back); the code must be the cart's own.
     */
    async transferBack(user: UserRow, businessCode: string): Promise<CartAnswer> {
      const data = await change(user, async (tx, cart) => {
        if (!cart.businessCode) return cart;
        if (cart.businessCode.toUpperCase() !== businessCode.trim().toUpperCase()) {
          throw new AppError('CONFLICT', `Your cart is for business ${cart.businessCode}, not ${businessCode.trim()}`);
        }
        return repo.update(tx, cart.id, { businessId: null, businessCode: null });
      });
      return { success: true, message: 'Your cart is personal again', data };
    },

    /** `PATCH /v1/coupons/unapply`: clears coupon, discount and discount unit (spec §4). */
    async unapplyCoupon(user: UserRow): Promise<CartAnswer> {
      const data = await change(user, (tx, cart) => repo.update(tx, cart.id, { couponId: null, couponType: null }));
      return { success: true, message: 'Coupon removed', data };
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;

function assertSoldIn(productById: ReturnType<typeof productLookup>, productId: string, currency: Currency) {
  const product = productById(productId);
  if (product && !product.priceList.some((entry) => entry.currency === currency)) throw new AppError('CART_PRODUCT_NOT_PRICED', `${product.name} is not sold in ${currency}`);
}

function updateMessage(mode: ChangeMode, body: UpdateBody, notes: string[]): string {
  const base =
    mode === 'merge'
      ? 'Your earlier cart has been added'
      : mode === 'checkout'
        ? 'Cart updated'
        : body.products.length > 0 && body.products.every((line) => line.quantity === 0)
          ? 'Item Removed from cart'
          : body.products.length > 0
            ? 'Added to cart Successfully'
            : 'Cart updated';
  return notes.length ? `${base}. ${notes.join('. ')}` : base;
}
