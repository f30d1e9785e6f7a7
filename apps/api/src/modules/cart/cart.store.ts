import { API_CONNECTION_NAME, type Database, type DatabaseHandle } from '../../db/client.ts';
import { ASYNC_COMMIT_CALL } from '../../db/async-commit.ts';
import { ANNOUNCE_AFTER_COMMIT_CALL } from '../../db/announce.ts';
import { runNamed, type NamedStatement } from '../../db/named-statement.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import type { CouponRow } from '../coupons/coupons.repository.ts';
import type { CartItemRow, CartRow, StockLevels } from './cart.repository.ts';

/**
 * The person's cart as the API prices it, read and written through the database functions of
 * migration 0031 (decision 0059): one round trip per read, per change and per coupon apply or
 * unapply, each answering the cart as json text (migration 0045). Each answer is kept in a
 * per-person cache: the cart read serves it for CART_CACHE_MS, and a change plans from it (any
 * age: the function checks the plan against the cart as it is).
 */
export interface CartState {
  cart: CartRow;
  items: CartItemRow[];
  coupon: CouponRow | null;
  /** Paid orders of this person that used the cart's coupon. */
  uses: number;
  /**
   * The cart's row (less updated_at) and lines as the database wrote them (to_jsonb): what
   * place_order compares the locked cart with, so an order can be placed from this state
   * without a read first (migration 0038). Absent on a state made here (an emptied cart).
   */
  seen?: CartSeen;
}

export interface CartSeen {
  cart: Record<string, unknown>;
  items: Record<string, unknown>[];
}

/** The cart as place_order compares it (order_cart_seen): the row less updated_at, the lines as they are. */
export function cartSeen(cart: Record<string, unknown>, items: Record<string, unknown>[]): CartSeen {
  const { updated_at: _updatedAt, ...row } = cart;
  return { cart: row, items };
}

interface Entry {
  /** null: the person has no cart yet. */
  state: CartState | null;
  at: number;
}

const LIMIT = 50_000;
const entries = new Map<string, Entry>();

export const cartCache = {
  /** The cached cart if it is younger than maxAgeMs (the cart read). */
  fresh(userId: string, maxAgeMs: number, now = Date.now()): Entry | undefined {
    const entry = entries.get(userId);
    return entry && now - entry.at < maxAgeMs ? entry : undefined;
  },
  /** The last cart seen, of any age: a change plans from it and the database checks the plan. */
  hint(userId: string): Entry | undefined {
    return entries.get(userId);
  },
  set(userId: string, state: CartState | null): void {
    if (entries.size >= LIMIT && !entries.has(userId)) entries.clear();
    entries.set(userId, { state, at: Date.now() });
  },
  forget(userId: string): void {
    entries.delete(userId);
  },
  /** The cart was emptied elsewhere: no longer read from here, kept (without lines or coupon) to plan from. */
  emptied(userId: string): void {
    const entry = entries.get(userId);
    if (!entry?.state) return void entries.delete(userId);
    const cart = { ...entry.state.cart, couponId: null, couponType: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, businessId: null, businessCode: null };
    entries.set(userId, { state: { cart, items: [], coupon: null, uses: 0 }, at: Number.NEGATIVE_INFINITY });
  },
  clear(): void {
    entries.clear();
  },
};

/**
 * Forgets this person's cached cart in this process: every write to a cart that does not go
 * through the cart module (placing an order, deleting the account) calls it after its commit.
 * The next read reads the cart; the next change plans from an empty cart (what an order leaves),
 * which the database checks like any plan, so a cart add after an order is still one call.
 * Other API processes on the same PostgreSQL forget it through the writer's announcement after its
 * commit (an order) or the carts trigger's NOTIFY (the others).
 */
export function forgetCart(userId: string): void {
  cartCache.emptied(userId);
}

// Column names are few and repeat on every answer: each is converted once (a regular expression
// per key per row was 7% of the API's CPU on a cart change).
const camelNames = new Map<string, string>();
const camel = (key: string) => {
  let name = camelNames.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    if (camelNames.size < 1_000) camelNames.set(key, name);
  }
  return name;
};
const TIMESTAMPS = new Set(['createdAt', 'updatedAt', 'startsAt', 'endsAt', 'disabledAt']);

/** A row as to_jsonb wrote it (snake_case, timestamps as text) → the row Drizzle would give. */
function toRow<T>(json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = camel(key);
    row[name] = TIMESTAMPS.has(name) && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}

interface StateJson {
  cart: Record<string, unknown>;
  items: Record<string, unknown>[];
  coupon: Record<string, unknown> | null;
  uses: number | string;
}

function toState(json: StateJson): CartState {
  return {
    cart: toRow<CartRow>(json.cart),
    items: json.items.map((item) => toRow<CartItemRow>(item)),
    coupon: json.coupon ? toRow<CouponRow>(json.coupon) : null,
    uses: Number(json.uses),
    seen: cartSeen(json.cart, json.items),
  };
}

/** What a plan depends on, as cart_fingerprint computes it in the database. */
export function fingerprint(state: CartState | null, currency: string): Record<string, unknown> {
  if (!state) return { currency, mergeId: null, lines: {} };
  return { currency: state.cart.currency, mergeId: state.cart.lastMergeId, lines: Object.fromEntries(state.items.map((item) => [item.id, item.quantity])) };
}

export interface PlannedLine {
  id: string | null;
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  quantity: number;
  before: number;
}

/** Cart columns a change may set (cart_apply sets only the keys present). */
export interface CartPatch {
  currency?: string;
  type?: string;
  last_merge_id?: string;
  conferance_code?: true;
  event_owner_order?: boolean | null;
  business_event_user_id?: string | null;
}

export type ApplyAnswer =
  | { status: 'ok' | 'stale'; state: CartState }
  | { status: 'short'; state: CartState; stock: StockLevels }
  | { status: 'no_event' };

export type CouponApplyAnswer = { status: 'ok' | 'stale'; state: CartState } | { status: 'refused'; coupon: CouponRow; uses: number } | { status: 'no_coupon' };

/** The database or an open transaction (the fallback of a change that keeps meeting a changed cart). */
export type Queryable = Pick<Database, 'execute'>;

type CartFunction = 'cart_read' | 'cart_lock_state' | 'cart_apply' | 'cart_coupon_apply' | 'cart_coupon_unapply';
/** The changes the API makes on their own, one call each, and announces after their commit. */
type AnnouncedFunction = 'cart_apply' | 'cart_coupon_apply' | 'cart_coupon_unapply';

/**
 * `select fn($1, …) as r`, named after the function. Every one but the read commits without
 * waiting for the disk (decision 0069, db/async-commit.ts): a database crash may lose the last
 * fraction of a second of cart changes, never part of one; an order, which commits synchronously,
 * flushes every cart change before it.
 *
 * The `announced` form first sets carbonwise.announce_after_commit for its transaction, so the
 * carts trigger stays silent and the API tells the other processes after the commit, coalesced
 * (db/announce.ts, decision 0074): a NOTIFY from the change's own transaction woke the listening
 * backend and every API process once per change. The setting comes from a materialized CTE, read
 * before the function runs, so it is on when the function's writes fire the trigger.
 */
function cartStatement(fn: CartFunction, parameters: string, announced = false): NamedStatement {
  const call = `select ${fn}(${parameters}) as r${fn === 'cart_read' ? '' : `, ${ASYNC_COMMIT_CALL}`}`;
  if (!announced) return { name: fn, text: call };
  return { name: `${fn}_announced`, text: `with announce as materialized (select ${ANNOUNCE_AFTER_COMMIT_CALL}) ${call} from announce` };
}
const PARAMETERS: Record<CartFunction, string> = {
  cart_read: '$1::uuid',
  cart_lock_state: '$1::uuid, $2::uuid, $3',
  cart_apply: '$1::uuid, $2::uuid, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7',
  cart_coupon_apply: '$1::uuid, $2::uuid, $3, $4::jsonb, $5, $6, $7, $8, $9::timestamptz',
  cart_coupon_unapply: '$1::uuid, $2::uuid, $3',
};
const STATEMENTS = Object.fromEntries(Object.entries(PARAMETERS).map(([fn, parameters]) => [fn, cartStatement(fn as CartFunction, parameters)])) as Record<CartFunction, NamedStatement>;
const ANNOUNCED: AnnouncedFunction[] = ['cart_apply', 'cart_coupon_apply', 'cart_coupon_unapply'];
const ANNOUNCED_STATEMENTS = Object.fromEntries(ANNOUNCED.map((fn) => [fn, cartStatement(fn, PARAMETERS[fn], true)])) as Record<AnnouncedFunction, NamedStatement>;

/** One round trip: `statement` with `values`, its json answer parsed. */
async function run<T>(db: Queryable, statement: NamedStatement, values: unknown[]): Promise<T> {
  const result = await runNamed<{ r: T }>(db, statement, values);
  return result.rows[0]?.r as T;
}

/** One call of the cart function `fn`. */
const call = <T>(db: Queryable, fn: CartFunction, values: unknown[]): Promise<T> => run<T>(db, STATEMENTS[fn], values);

/**
 * `announceChange(userId)`: tells this process and the others that the person's cart changed, once
 * the change has committed (cartChangedAnnouncement through app.announcer). Given, the changes the
 * store makes alone on the pool leave the carts trigger silent and are announced by it; a change
 * inside a caller's transaction still notifies from the trigger, as every other writer of carts.
 */
export function createCartStore(db: Database, announceChange?: (userId: string) => void) {
  /** A change of the person's cart in one call: announced after its commit, or notified by the trigger. */
  async function change<T>(q: Queryable, fn: AnnouncedFunction, userId: string, values: unknown[]): Promise<T> {
    if (!announceChange || q !== db) return call<T>(q, fn, values);
    const answer = await run<T>(q, ANNOUNCED_STATEMENTS[fn], values);
    // Committed (the statement was its own transaction): whatever it answered, the others forget their copy.
    announceChange(userId);
    return answer;
  }

  return {
    async read(userId: string): Promise<CartState | null> {
      const json = await call<StateJson | null>(db, 'cart_read', [userId]);
      return json ? toState(json) : null;
    },

    /** Locks the person's cart (creating it) until the transaction ends, and answers it. */
    async lockAndRead(tx: Queryable, userId: string, currency: string): Promise<CartState> {
      return toState(await call<StateJson>(tx, 'cart_lock_state', [userId, uuidv7(), currency]));
    },

    async apply(userId: string, currency: string, expected: Record<string, unknown> | null, lines: PlannedLine[], patch: CartPatch, eventCode: string | null, q: Queryable = db): Promise<ApplyAnswer> {
      const planned = lines.map((line) => ({ id: line.id, new_id: line.id ? null : uuidv7(), product_id: line.productId, color_id: line.colorId, size_id: line.sizeId, quantity: line.quantity, before: line.before }));
      const answer = await change<{ status: string; state?: StateJson; stock?: { products: Record<string, number>; sizes: Record<string, { productId: string; colorId: string; stock: number }> } }>(
        q,
        'cart_apply',
        userId,
        [userId, uuidv7(), currency, expected === null ? null : JSON.stringify(expected), JSON.stringify(planned), JSON.stringify(patch), eventCode],
      );
      if (answer.status === 'no_event') return { status: 'no_event' };
      const state = toState(answer.state!);
      if (answer.status === 'short') {
        const stock = answer.stock!;
        return { status: 'short', state, stock: { products: new Map(Object.entries(stock.products)), sizes: new Map(Object.entries(stock.sizes)) } };
      }
      return { status: answer.status as 'ok' | 'stale', state };
    },

    async applyCoupon(userId: string, currency: string, expected: Record<string, unknown>, code: string, type: string, cartCurrency: string, subTotalMinor: number, now: Date): Promise<CouponApplyAnswer> {
      const answer = await change<{ status: string; state?: StateJson; coupon?: Record<string, unknown>; uses?: number | string }>(
        db,
        'cart_coupon_apply',
        userId,
        [userId, uuidv7(), currency, JSON.stringify(expected), code, type, cartCurrency, subTotalMinor, now.toISOString()],
      );
      if (answer.status === 'no_coupon') return { status: 'no_coupon' };
      if (answer.status === 'refused') return { status: 'refused', coupon: toRow<CouponRow>(answer.coupon!), uses: Number(answer.uses) };
      return { status: answer.status as 'ok' | 'stale', state: toState(answer.state!) };
    },

    async unapplyCoupon(userId: string, currency: string): Promise<CartState> {
      return toState(await change<StateJson>(db, 'cart_coupon_unapply', userId, [userId, uuidv7(), currency]));
    },
  };
}
export type CartStore = ReturnType<typeof createCartStore>;

/**
 * Other API processes on this PostgreSQL: the carts trigger (migration 0031) sends the person's id
 * and the writing process's connection name on every change of a cart row, or the writing process
 * announces the same after the commit (cart changes and orders, decision 0074); this process forgets
 * its copy unless it wrote the change itself (it keeps what its own write answered). A lost
 * listening connection may have missed some, so the whole cache goes. PGlite serves one process.
 */
export async function listenForCartChanges(
  database: DatabaseHandle,
  log: { warn(object: unknown, message: string): void },
  /** Also forgets what else this process keeps of the person's cart (the ready cart answer); undefined: everyone's. */
  alsoForget: (userId: string | undefined) => void = () => {},
): Promise<(() => Promise<void>) | undefined> {
  if (database.kind !== 'postgresql') return undefined;
  return database.listen(CART_CHANNEL, {
    onMessage: (payload) => {
      const [userId, writer] = payload.split(' ');
      if (!userId || writer === API_CONNECTION_NAME) return;
      cartCache.forget(userId);
      alsoForget(userId);
    },
    onReconnect: () => {
      cartCache.clear();
      alsoForget(undefined);
    },
    onError: (error) => log.warn({ err: error }, 'cart change listener lost its connection; reconnecting'),
  });
}
const CART_CHANNEL = 'cart_changed';

/**
 * What the carts trigger would have sent for this person's cart, for a write whose transaction
 * leaves the telling to the API after its commit (place_order, migration 0050; the cart store's
 * own changes).
 */
export function cartChangedAnnouncement(userId: string): [channel: string, payload: string] {
  return [CART_CHANNEL, `${userId} ${API_CONNECTION_NAME}`];
}
