import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { runNamed, type NamedStatement } from '../../db/named-statement.ts';
import { fromJsonRow, toJsonRow } from '../../db/json-rows.ts';
import { carts, cartItems, certificates, couponRedemptions, coupons, orderEvents, orderItems, orders, outboxEmails, referralEarnings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomOrderNumber } from '../../lib/order-number.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { businessOfBuyer } from '../business/business-buyer.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import { beneficiaryOf } from '../certificates/certificate.rules.ts';
import type { IssuedCertificate, NewCertificate, OffsetLine } from '../certificates/certificates.repository.ts';
import { certificateRowFor } from '../certificates/issue-certificates.ts';
import { newGiftToken } from '../gifts/gift.rules.ts';
import { impactAnnouncement } from '../impact/impact.events.ts';
import { cartCache, cartChangedAnnouncement, cartSeen } from '../cart/cart.store.ts';
import type { Announcer } from '../../db/announce.ts';
import { productLookup } from '../cart/product-index.ts';
import { createOffsetFacts, type OffsetFact } from './offset-facts.ts';
import { buyerName, orderMails, type MailWritten, type OrderMailDeps } from './orders.mails.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { assertBusiness, decideOrder, orderColumns, type PlaceBody } from './orders.decide.ts';
import { REFERRAL_EARNING_PERCENT } from './orders.payment.ts';
import { assertWithinUnpaidLimits, lineLabel, outOfStock, type UnpaidLimits } from './orders.pricing.ts';
import type { OrderCertificateRow, OrderItemRow, OrderRow } from './orders.repository.ts';
import { stockTargets } from './stock.repository.ts';

/** Reads that found the cart changed under them are repeated; a cart that keeps changing is refused. */
const ATTEMPTS = 3;
/** The two calls of a placement (migrations 0033–0043), each a named statement. */
const PLACEMENT_CONTEXT: NamedStatement = { name: 'order_placement_context', text: 'select order_placement_context($1::uuid, $2, $3) as context' };
const PLACE_ORDER: NamedStatement = { name: 'place_order', text: 'select place_order($1::jsonb) as answer' };

interface Context {
  earlier: Record<string, unknown> | null;
  cart: Record<string, unknown> | null;
  items: Record<string, unknown>[];
  coupon: Record<string, unknown> | null;
  coupon_fingerprint: string | null;
  coupon_redeemed: number | string;
  coupon_pending: number | string;
  offsets: OffsetFact[];
  events: { code: string; name: string }[];
}

export type AtOnceOutcome = { replayed: OrderRow } | { placed: OrderRow; items: OrderItemRow[]; certificates: OrderCertificateRow[]; mails: MailWritten[]; paid: true };
export type PendingOutcome = { replayed: OrderRow } | { placed: OrderRow; items: OrderItemRow[]; paid: false };

/** What place_order answers (migrations 0034–0052). */
interface PlaceAnswer {
  status: 'placed' | 'replayed' | 'retry' | 'unpaid_limit';
  /**
   * With 'replayed': the first order placed with the key. A placed order is answered by its status
   * alone: its row is the one sent in p->'order' (migration 0052).
   */
  order?: Record<string, unknown>;
  /** With 'unpaid_limit': what the buyer's and the address's unpaid orders hold. */
  by_account?: number | string;
  by_address?: number | string;
  units?: Record<string, number | string>;
}

export interface AtOnceDeps extends OrderMailDeps {
  db: Database;
  catalog: Pick<CatalogHandle, 'snapshot' | 'onChange'>;
  /** Tells the other processes, after the commit, of the emptied cart and the certificates (migration 0050). */
  announcer: Pick<Announcer, 'announce'>;
  provider: PaymentProvider;
  now: () => Date;
  /** How long an order that waits for its payment holds its units, and the caps on such orders (decision 0025). */
  reservationMs: number;
  unpaidLimits: UnpaidLimits;
}

/**
 * Every placement, in one database call (decisions 0058 and 0076): one statement reads the cart
 * and what the rules need (or the cart this process last saw stands in for it), the rules decide
 * in JavaScript, and `place_order` (migrations 0034–0052) re-checks under the cart's and the
 * coupon's locks that nothing decided on has changed, then writes. A change meanwhile repeats the
 * read. With a provider that pays at once (the test provider) it writes the order paid, its lines
 * and timeline, the coupon's use, the referrer's earning, the certificates, the mails and the sale
 * of the units. With one that takes payment later (Stripe) it writes the order pending with its
 * lines and 'placed' row and holds the units, after counting the caps on unpaid orders.
 */
export function createAtOncePlacement(deps: AtOnceDeps) {
  const { db, catalog, provider, now } = deps;
  const offsetFacts = createOffsetFacts(catalog);

  async function readContext(user: UserRow, key: string | null, body: PlaceBody): Promise<Context> {
    const readAt = offsetFacts.generation();
    const result = await runNamed<{ context: Context | string }>(db, PLACEMENT_CONTEXT, [user.id, key, body.conferanceCode || null]);
    const raw = result.rows[0]!.context;
    const context = typeof raw === 'string' ? (JSON.parse(raw) as Context) : raw;
    offsetFacts.remember(context.offsets, readAt);
    return context;
  }

  /**
   * What the placement read would answer, from the cart this process last saw (the answer of
   * the person's last cart change) and the offset facts it keeps: no read, so the order is one
   * call (issue 28). Only for a plain cart: one with a coupon or an event, a product the catalog
   * does not hold or an offset whose facts are not kept is read as before. place_order checks
   * the cart it locks is the one seen, and answers an earlier order with this Idempotency-Key;
   * a cart changed meanwhile anywhere answers 'retry', and the next attempt reads.
   */
  function keptContext(user: UserRow, body: PlaceBody): Context | null {
    const state = cartCache.hint(user.id)?.state;
    if (!state?.seen || state.items.length === 0 || state.cart.couponId || state.cart.conferanceCode || body.conferanceCode) return null;
    const product = productLookup(catalog.snapshot());
    const offsets: OffsetFact[] = [];
    for (const productId of new Set(state.items.map((item) => item.productId))) {
      const kind = product(productId)?.kind;
      if (!kind) return null;
      if (kind !== 'offset') continue;
      const fact = offsetFacts.get(productId);
      if (!fact) return null;
      offsets.push(fact);
    }
    const { cart, items } = state.seen;
    return { earlier: null, cart, items, coupon: null, coupon_fingerprint: null, coupon_redeemed: 0, coupon_pending: 0, offsets, events: [] };
  }

  /**
   * The start every placement shares: the context (kept or read), the rules' decision, the buyer's
   * business and the order's columns, ids and number. An earlier order with the key is answered.
   */
  async function decide(user: UserRow, body: PlaceBody, key: string | null, hash: string, clientKey: string | null, fromKept: boolean, reservedUntil: Date | null) {
    const context = (fromKept ? keptContext(user, body) : null) ?? (await readContext(user, key, body));
    if (context.earlier) return { replayed: fromJsonRow(orders, context.earlier) as OrderRow };
    if (!context.cart) throw new AppError('CART_EMPTY', 'Your cart is empty. Add a product before placing an order');
    const at = now();
    const cart = fromJsonRow(carts, context.cart);
    const facts = {
      user,
      body,
      cart,
      items: context.items.map((item) => fromJsonRow(cartItems, item)),
      coupon: context.coupon ? fromJsonRow(coupons, context.coupon) : undefined,
      couponUses: { redeemed: Number(context.coupon_redeemed), pending: Number(context.coupon_pending) },
      now: at,
    };
    const decided = decideOrder(facts, catalog);
    const business = body.isBusinessOrder ? await businessOfBuyer(db, user.id, body.businessCode ?? '') : null;
    assertBusiness(body, business);

    const columns = orderColumns(facts, decided, business, { idempotencyKey: key, requestHash: hash, paymentProvider: provider.name, reservedUntil, clientKey });
    const orderId = uuidv7();
    // Drawn here, not by the column's default, because the provider is told it before the row is built.
    const orderNumber = columns.orderNumber ?? randomOrderNumber();
    const items = decided.lines.map(({ colorId, sizeId, ...line }) => ({ ...line, colorId, sizeId, id: uuidv7(), orderId }));
    return { ready: { context, at, cart, facts, decided, business, columns, orderId, orderNumber, items } };
  }

  /**
   * One call of place_order. Answers 'retry' for a changed cart, price or coupon and for a serial
   * already taken, the first order for a key already used, a short stock row as the usual refusal,
   * and place_order's answer otherwise ('placed' or 'unpaid_limit').
   */
  async function call(input: Record<string, unknown>, itemRows: OrderItemRow[]): Promise<PlaceAnswer | 'retry' | { replayed: OrderRow }> {
    try {
      const result = await runNamed<{ answer: PlaceAnswer | string }>(db, PLACE_ORDER, [JSON.stringify(input)]);
      const raw = result.rows[0]!.answer;
      const answer = typeof raw === 'string' ? (JSON.parse(raw) as PlaceAnswer) : raw;
      if (answer.status === 'retry') return 'retry';
      if (answer.status === 'replayed') return { replayed: fromJsonRow(orders, answer.order!) };
      return answer;
    } catch (error) {
      // A serial already taken (60 random bits a year: rare): draw new ones.
      if (uniqueViolation(error)?.constraint.includes('serial')) return 'retry';
      const short = outOfStockDetail(error);
      if (!short) throw error;
      const line = itemRows.find((l) => (short.table === 'size' ? l.sizeId === short.id : l.productId === short.id && !l.sizeId))!;
      throw outOfStock(lineLabel(line), short.available);
    }
  }

  async function attempt(user: UserRow, body: PlaceBody, key: string | null, hash: string, clientKey: string | null, fromKept: boolean): Promise<AtOnceOutcome | 'retry'> {
    // An order paid at once is never unpaid: the caps on unpaid orders do not apply (decision 0025).
    const start = await decide(user, body, key, hash, clientKey, fromKept, null);
    if (start.replayed) return { replayed: start.replayed };
    const { context, at, cart, facts, decided, business, columns, orderId, orderNumber, items } = start.ready!;
    const started = await provider.startPayment({
      orderId,
      orderNumber,
      currency: decided.currency,
      totalMinor: columns.totalMinor!,
      lines: items.map((item) => ({ name: lineLabel(item), quantity: item.quantity, unitAmountMinor: item.unitPriceMinor })),
      customerEmail: columns.buyerEmail!,
      successUrl: `${deps.publicUrl}/other/checkout/complete/${orderId}`,
      cancelUrl: `${deps.publicUrl}/other/checkout`,
    });
    if (started.kind !== 'paid') throw new Error(`payment provider ${provider.name} says it pays at once but answered ${started.kind}`);
    // Written paid: the 'placed' and 'paid' rows of the timeline, a millisecond apart (order-state.ts).
    // Mapped once: the JSON row goes to place_order and the certificates, the row back to the caller.
    const orderJson = toJsonRow(orders, {
      ...columns,
      id: orderId,
      orderNumber,
      status: 'paid',
      paidAt: at,
      paymentReference: started.reference,
      providerPaymentId: null,
      paidMinor: columns.totalMinor,
      reservedUntil: null,
      checkoutUrl: null,
      createdAt: at,
    });
    const { orderRow, itemRows } = asWritten(orderJson, items);
    const base = Date.now();
    const events = [
      { kind: 'placed' as const, actor: 'buyer' as const, actorUserId: user.id },
      { kind: 'paid' as const, actor: 'provider' as const, actorUserId: null },
    ].map((entry, index) => toJsonRow(orderEvents, { orderId, at: new Date(base + index), ...entry, amountMinor: orderRow.totalMinor, currency: orderRow.currency, note: null, internal: false }));

    const issuedRows = certificatesOf(orderRow, orderJson, itemRows, context, business?.name ?? null, buyerName(user));
    const issued: IssuedCertificate[] = issuedRows.map(({ row }) => ({ orderItemId: row.orderItemId, serial: row.serial, projectName: row.projectName, tonnesMilli: row.tonnesMilli }));
    const mails = orderMails(deps, { user, order: orderRow, items: itemRows, issued, issuedRows, at });
    const referralMinor = Math.round((orderRow.totalMinor * REFERRAL_EARNING_PERCENT) / 100);
    const referral = orderRow.referrerUserId && orderRow.referrerUserId !== orderRow.userId && referralMinor > 0
      ? toJsonRow(referralEarnings, { orderId, userId: orderRow.referrerUserId, referredUserId: orderRow.userId, currency: orderRow.currency, amountMinor: referralMinor })
      : null;
    // Coupons count only paid orders: this one's use is counted (redeemed) in the call.
    const coupon = couponCheck(facts, context, orderRow.couponId ? toJsonRow(couponRedemptions, { couponId: orderRow.couponId, userId: user.id, orderId }) : null);
    const stock = stockTargets(itemRows).map((target) => ({ ...target, ledger_id: uuidv7() }));

    const input = {
      ...orderInput(user, cart.id, context, key, orderJson, itemRows),
      events,
      coupon,
      referral,
      certificates: issuedRows.map(({ row }) => toJsonRow(certificates, row)),
      mails: mails.map((mail) => toJsonRow(outboxEmails, mail)),
      stock,
    };
    const answer = await call(input, itemRows);
    if (answer === 'retry' || 'replayed' in answer) return answer;
    // The row as written: place_order inserts p->'order' as it is (migration 0052).
    const placed = orderRow;
    // place_order leaves these to be told after its commit: a NOTIFY inside it would hold
    // PostgreSQL's notify lock through the commit's flush (migration 0050).
    deps.announcer.announce(...cartChangedAnnouncement(user.id));
    if (issuedRows.length > 0) deps.announcer.announce(...impactAnnouncement([placed.userId], placed.businessId ? [placed.businessId] : []));
    const certificateRows: OrderCertificateRow[] = issuedRows.map(({ row }) => ({ orderId, serial: row.serial, productName: row.projectName, tonnesMilli: row.tonnesMilli, orderItemId: row.orderItemId, giftClaimed: false, status: 'valid' }));
    return { placed, items: itemRows, certificates: certificateRows, mails, paid: true };
  }

  /**
   * An order that waits for its payment (Stripe), in the same one call (decision 0076): written
   * pending, its units reserved, its 'placed' row; place_order counts the caps on unpaid orders
   * under the cart's lock (decision 0025, migration 0051). No coupon use is counted until it is
   * paid. The provider is asked to take payment after the commit (orders.service.ts), so no call
   * to the outside runs inside the transaction.
   */
  async function attemptPending(user: UserRow, body: PlaceBody, key: string | null, hash: string, clientKey: string | null, fromKept: boolean): Promise<PendingOutcome | 'retry'> {
    const start = await decide(user, body, key, hash, clientKey, fromKept, new Date(now().getTime() + deps.reservationMs));
    if (start.replayed) return { replayed: start.replayed };
    const { context, at, cart, facts, decided, columns, orderId, orderNumber, items } = start.ready!;
    const orderJson = toJsonRow(orders, { ...columns, id: orderId, orderNumber, createdAt: at });
    const { orderRow, itemRows } = asWritten(orderJson, items);
    const units: Record<string, number> = {};
    for (const line of decided.lines) units[line.productId] = (units[line.productId] ?? 0) + line.quantity;
    const limits = deps.unpaidLimits;
    const input = {
      ...orderInput(user, cart.id, context, key, orderJson, itemRows),
      events: [toJsonRow(orderEvents, { orderId, at: new Date(), kind: 'placed', actor: 'buyer', actorUserId: user.id, amountMinor: orderRow.totalMinor, currency: orderRow.currency, note: null, internal: false })],
      coupon: couponCheck(facts, context, null),
      referral: null,
      certificates: [],
      mails: [],
      stock: stockTargets(itemRows).map((target) => ({ ...target, mode: 'reserve' })),
      unpaid: { per_account: limits.perAccount, per_address: limits.perAddress, units_per_product: limits.unitsPerProduct, units },
    };
    const answer = await call(input, itemRows);
    if (answer === 'retry' || 'replayed' in answer) return answer;
    if (answer.status === 'unpaid_limit') {
      // Over a cap: the rule says which, in its one wording. Should it find none, the counts moved: read again.
      const held = new Map(Object.entries(answer.units ?? {}).map(([productId, n]) => [productId, Number(n)]));
      assertWithinUnpaidLimits(limits, { byAccount: Number(answer.by_account), byAddress: Number(answer.by_address), unitsByProduct: held }, decided.lines);
      return 'retry';
    }
    // place_order leaves the emptied cart to be told after its commit (migration 0050).
    deps.announcer.announce(...cartChangedAnnouncement(user.id));
    return { placed: orderRow, items: itemRows, paid: false };
  }

  return {
    /**
     * Places the buyer's cart: paid now with a provider that pays at once, else pending until the
     * provider's payment. Answers the order, or the first order placed with this Idempotency-Key.
     */
    async place(user: UserRow, body: PlaceBody, key: string | null, hash: string, clientKey: string | null): Promise<AtOnceOutcome | PendingOutcome> {
      for (let tries = 1; tries <= ATTEMPTS; tries++) {
        // The first attempt may start from the cart last seen here; a retry reads it.
        const fromKept = tries === 1;
        const outcome = provider.paysAtOnce ? await attempt(user, body, key, hash, clientKey, fromKept) : await attemptPending(user, body, key, hash, clientKey, fromKept);
        if (outcome !== 'retry') return outcome;
      }
      throw new AppError('CONFLICT', 'Your cart changed while the order was being placed. Check your cart and place the order again');
    },
  };
}

/** The certificates of the offset lines of an order paid now, with the gift tokens their mails carry (issue-certificates.ts writes the same rows). */
function certificatesOf(order: OrderRow, orderJson: Record<string, unknown>, items: OrderItemRow[], context: Context, businessName: string | null, buyer: string): { row: NewCertificate; token: string | undefined }[] {
  const offsets = new Map(context.offsets.map((offset) => [offset.product_id, offset]));
  const eventName = context.events.find((event) => event.code.toUpperCase() === (order.conferanceCode ?? '').toUpperCase())?.name ?? null;
  const columns = { ...orderJson, business_name: businessName, event_name: eventName };
  return items.flatMap((item) => {
    const offset = offsets.get(item.productId);
    if (!offset) return [];
    const line: OffsetLine = {
      orderItemId: item.id,
      productId: item.productId,
      quantity: item.quantity,
      projectName: offset.project_name,
      productSlug: offset.product_slug,
      standardName: offset.standard_name,
      country: offset.country,
      projectValidUntil: offset.project_valid_until,
      vintage: offset.vintage,
      issued: false,
      giftName: item.giftName,
      giftEmail: item.giftEmail,
      giftMessage: item.giftMessage,
      giftDeliverOn: item.giftDeliverOn,
    };
    const token = line.giftName && line.giftEmail ? newGiftToken() : undefined;
    return [{ row: certificateRowFor(line, { orderId: order.id, userId: order.userId, beneficiary: beneficiaryOf(columns, buyer), token }), token }];
  });
}

/** The order and lines as place_order writes them (p->'order' inserted as it is, migration 0052), mapped back once for the answer. */
function asWritten(orderJson: Record<string, unknown>, items: Parameters<typeof toJsonRow<typeof orderItems>>[1][]): { orderRow: OrderRow; itemRows: OrderItemRow[] } {
  return { orderRow: fromJsonRow(orders, orderJson), itemRows: items.map((item) => fromJsonRow(orderItems, toJsonRow(orderItems, item))) };
}

/**
 * What place_order re-checks of the cart's coupon under its lock (its terms and this person's
 * uses as decided on), and the redemption to write when this order's use is counted now.
 */
function couponCheck(facts: { coupon?: { id: string } | null; couponUses: { redeemed: number; pending: number } }, context: Context, redemption: Record<string, unknown> | null) {
  if (!facts.coupon) return null;
  return { id: facts.coupon.id, fingerprint: context.coupon_fingerprint, redeemed: facts.couponUses.redeemed, pending: facts.couponUses.pending, redeem: redemption !== null, redemption };
}

/** What every place_order call carries: the buyer, the cart as decided from, the key, the order and its lines. */
function orderInput(user: UserRow, cartId: string, context: Context, key: string | null, orderJson: Record<string, unknown>, itemRows: OrderItemRow[]) {
  return {
    user_id: user.id,
    cart_id: cartId,
    // The cart this order was decided from, as order_cart_seen writes it; the updated_at the
    // kept answer lacks is not compared.
    cart_seen: cartSeen(context.cart!, context.items),
    idempotency_key: key,
    order: orderJson,
    items: itemRows.map((item) => toJsonRow(orderItems, item)),
  };
}

/** The stock row `place_order` found short (its exception names it), or null for any other error. */
function outOfStockDetail(error: unknown): { table: 'product' | 'size'; id: string; available: number } | null {
  for (let current = error as { message?: unknown; detail?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth += 1) {
    if (typeof current.message === 'string' && current.message.includes('place_order:out_of_stock') && typeof current.detail === 'string') {
      const detail = JSON.parse(current.detail) as { table: 'product' | 'size'; id: string; available: number };
      return { table: detail.table, id: detail.id, available: Number(detail.available) };
    }
  }
  return null;
}
