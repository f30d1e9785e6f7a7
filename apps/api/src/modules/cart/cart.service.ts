import { isSupportedCurrency, type Currency } from '@app/contract';
import { giftDeliveryProblem, type Cart, type CartGiftBody, type CartUpdateBody } from '@app/contract/cart';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { effectiveCurrency } from '../auth/session.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { evaluateCoupon } from '../coupons/coupon.rules.ts';
import { createCouponsRepository } from '../coupons/coupons.repository.ts';
import { enforceStock, planChanges, stockKeys, type ChangeMode, type RequestedLine } from './cart.changes.ts';
import { cartRepository as repo, type CartRow, type StockLevels, type Tx } from './cart.repository.ts';
import type { Announcer } from '../../db/announce.ts';
import { cartCache, cartChangedAnnouncement, createCartStore, fingerprint, type CartPatch, type CartState, type PlannedLine, type Queryable } from './cart.store.ts';
import { buildCartView } from './cart.view.ts';
import { productLookup } from './product-index.ts';
import { businessOfBuyer } from '../business/business-buyer.ts';

export interface CartDeps {
  db: Database;
  catalog: Pick<CatalogHandle, 'snapshot'>;
  now?: () => Date;
  /** How long the cart read serves a person's cached cart (CART_CACHE_MS; 0 keeps nothing). */
  cacheMs?: number;
  /**
   * Tells the other API processes of a change after its commit (app.announcer); without it every
   * change notifies from the carts trigger inside its own transaction.
   */
  announcer?: Pick<Announcer, 'announce'>;
}

type UpdateBody = Omit<CartUpdateBody, 'products' | 'type'> & { products: RequestedLine[]; type: 'regular' };

export interface CartAnswer {
  success: true;
  message?: string;
  data: Cart;
}

/**
 * A plan that met a changed cart is made again from the cart the database answered, this many
 * times; then the change runs holding the cart's lock.
 */
const OPTIMISTIC_TRIES = 3;
const ATTEMPTS = 5;

/**
 * The cart rules (spec §3, §4). A change is planned here, from the person's cart as last seen,
 * and sent to the database as one call (cart.store.ts, decision 0059) that locks the cart, checks
 * the plan still fits the cart and the stock, writes it and answers the cart; totals are priced
 * from the catalog read model (cart.view.ts).
 */
export function createCartService({ db, catalog, now = () => new Date(), cacheMs = 0, announcer }: CartDeps) {
  const store = createCartStore(db, announcer && ((userId) => announcer.announce(...cartChangedAnnouncement(userId))));
  const coupons = createCouponsRepository(db);
  const products = () => productLookup(catalog.snapshot());

  function remember(userId: string, state: CartState | null): void {
    if (cacheMs > 0) cartCache.set(userId, state);
  }

  /** The cart as last seen (one read when this process has not seen it), to plan a change from. */
  async function lastSeen(userId: string): Promise<CartState | null> {
    const hint = cacheMs > 0 ? cartCache.hint(userId) : undefined;
    return hint ? hint.state : store.read(userId);
  }

  function view(user: UserRow, state: CartState | null): Cart {
    const cart = state?.cart;
    return buildCartView(
      {
        cartId: cart?.id ?? null,
        currency: cart && isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user),
        type: 'regular',
        lines: state?.items ?? [],
        coupon: state?.coupon ?? null,
        couponType: cart?.couponType ?? null,
        couponUsesByUser: state?.coupon && state.coupon.maxUsesPerUser !== null ? state.uses : 0,
        conferanceCode: cart?.conferanceCode ?? null,
        eventOwnerOrder: cart?.eventOwnerOrder ?? false,
        businessEventUserId: cart?.businessEventUserId ?? null,
        businessCode: cart?.businessCode ?? null,
        now: now(),
      },
      products(),
    );
  }

  /**
   * The less frequent changes (gift, remove a line, clear, business transfer): a transaction
   * holding the cart's lock, then the cart read once. A change that writes no cart column touches
   * the row, so other API processes hear of it (the carts trigger, migration 0031).
   */
  async function change(user: UserRow, work: (tx: Tx, cart: CartRow) => Promise<CartRow | void>): Promise<Cart> {
    await db.transaction(async (tx) => {
      const locked = await repo.lockForUser(tx, user.id, effectiveCurrency(user));
      if (!(await work(tx, locked))) await repo.update(tx, locked.id, {});
    });
    const state = await store.read(user.id);
    remember(user.id, state);
    return view(user, state);
  }

  function currencyOf(user: UserRow, cart: CartRow | undefined, requested: Currency | boolean | undefined): Currency {
    if (requested === true) return effectiveCurrency(user);
    if (typeof requested === 'string') return requested;
    return cart && isSupportedCurrency(cart.currency) ? cart.currency : effectiveCurrency(user);
  }

  return {
    async get(user: UserRow): Promise<CartAnswer> {
      const cached = cacheMs > 0 ? cartCache.fresh(user.id, cacheMs) : undefined;
      const state = cached ? cached.state : await store.read(user.id);
      if (!cached) remember(user.id, state);
      return { success: true, data: view(user, state) };
    },

    /** `PATCH /v1/carts` (spec §3 cart update payload): one database call when the cart is as last seen. */
    async update(user: UserRow, body: UpdateBody): Promise<CartAnswer> {
      const mode: ChangeMode = body.checkout ? 'checkout' : body.itemsPreLogin ? 'merge' : 'add';
      const fallback = effectiveCurrency(user);
      // "Buy for this event" (issue 26): the cart is tied to an event only when the shopper says
      // so, and only to an event that exists (cart_apply looks the code up and stores it as the event does).
      const eventCode = body.conferanceCode || null;
      const patch: CartPatch = {
        type: body.type,
        ...(mode === 'merge' && body.mergeId ? { last_merge_id: body.mergeId } : {}),
        ...(body.conferanceCode !== undefined ? { conferance_code: true as const } : {}),
        ...(body.eventOwnerOrder !== undefined ? { event_owner_order: body.eventOwnerOrder ?? false } : {}),
        ...(body.businessEventUserId !== undefined ? { business_event_user_id: body.businessEventUserId } : {}),
      };
      // Set once the database said a raised line is short: the next plan refuses or cuts it.
      let stock: StockLevels | undefined;
      /** Plans from `state` and sends the plan; undefined when the cart had changed (state is then the cart as it is). */
      const attempt = async (q: Queryable, state: CartState | null) => {
        const cart = state?.cart;
        const alreadyMerged = mode === 'merge' && !!body.mergeId && cart?.lastMergeId === body.mergeId;
        let notes: string[] = [];
        let lines: PlannedLine[] = [];
        let set: CartPatch = {};
        if (!alreadyMerged) {
          const currency = currencyOf(user, cart, body.updateCurrency);
          const plan = planChanges(state?.items ?? [], body.products, mode, currency, products());
          if (currency !== (cart?.currency ?? fallback)) {
            // Re-pricing: every line kept must be sold in the new currency (new lines were checked by the plan).
            for (const line of plan.lines) if (line.quantity > 0 && line.id) assertSoldIn(products(), line.productId, currency);
          }
          if (stock) enforceStock(plan, stock, mode);
          notes = plan.notes;
          lines = plan.lines.filter((line) => (line.id === null ? line.quantity > 0 : line.quantity !== line.before));
          set = { ...patch, currency };
        }
        const answer = await store.apply(user.id, fallback, fingerprint(state, fallback), lines, set, eventCode, q);
        if (answer.status === 'no_event') {
          throw new AppError('NOT_FOUND', 'There is no event with this conference code', { fields: { conferanceCode: ['Check the conference code of the event'] } });
        }
        if (answer.status === 'short') stock = answer.stock;
        const message = alreadyMerged ? 'Your earlier cart was added already' : updateMessage(mode, body, notes);
        return { answer, message };
      };
      const done = (state: CartState, message: string): CartAnswer => {
        remember(user.id, state);
        return { success: true, message, data: view(user, state) };
      };

      // Optimistic: planned from the cart as last seen, one call when it still holds.
      let state = await lastSeen(user.id);
      for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
        const { answer, message } = await attempt(db, state);
        if (answer.status === 'ok') return done(answer.state, message);
        state = answer.state;
      }
      // Busy cart (parallel changes of one person): hold its lock, so the plan cannot miss again.
      return db.transaction(async (tx) => {
        let locked = await store.lockAndRead(tx, user.id, fallback);
        for (let tries = 0; ; tries++) {
          const { answer, message } = await attempt(tx, locked);
            if (answer.status === 'ok') return done(answer.state, message);
          if (answer.status === 'stale') throw new Error('cart_apply found the cart changed under its lock');
          if (tries >= ATTEMPTS) throw new AppError('CONFLICT', 'Stock of your cart is changing quickly. Please try again');
          locked = answer.state; // 'short': planned again with the stock it answered, which the lock does not hold still
        }
      });
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

    /**
     * `POST /v1/coupons/{code}/apply`: one coupon per cart; a new one replaces the old. One
     * database call: it checks the coupon's rules against the sub-total priced here (coupon.rules.ts
     * words any refusal) and sets it.
     */
    async applyCoupon(user: UserRow, code: string, type: 'regular'): Promise<CartAnswer> {
      const fallback = effectiveCurrency(user);
      let state = await lastSeen(user.id);
      for (let attempt = 1; ; attempt++) {
        const cart = state?.cart;
        const currency = currencyOf(user, cart, undefined);
        const priced = buildCartView({ cartId: cart?.id ?? null, currency, type: 'regular', lines: state?.items ?? [], coupon: null, couponType: null, couponUsesByUser: 0, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, now: now() }, products());
        const at = now();
        const answer = await store.applyCoupon(user.id, fallback, fingerprint(state, fallback), code, type, currency, priced.subTotalMinor, at);
        if (answer.status === 'no_coupon') throw new AppError('COUPON_NOT_FOUND', `There is no coupon ${code}`);
        if (answer.status === 'refused') {
          const result = evaluateCoupon(answer.coupon, { currency, subTotalMinor: priced.subTotalMinor }, at, answer.uses);
          if (!result.ok) throw new AppError(result.refusal.code, result.refusal.message);
          throw new AppError('COUPON_NOT_APPLICABLE', `Coupon ${answer.coupon.code} cannot be used on this cart`);
        }
        state = answer.state;
        if (answer.status === 'ok') {
          remember(user.id, state);
          return { success: true, message: `Coupon ${state.coupon?.code ?? code.toUpperCase()} applied`, data: view(user, state) };
        }
        if (attempt >= ATTEMPTS) throw new AppError('CONFLICT', 'Your cart changed while we were applying the coupon. Please try again');
      }
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

    /** `PATCH /v1/coupons/unapply`: clears coupon, discount and discount unit (spec §4); one database call. */
    async unapplyCoupon(user: UserRow): Promise<CartAnswer> {
      const state = await store.unapplyCoupon(user.id, effectiveCurrency(user));
      remember(user.id, state);
      return { success: true, message: 'Coupon removed', data: view(user, state) };
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
