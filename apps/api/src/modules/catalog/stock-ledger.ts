import { sql, type SQL } from 'drizzle-orm';
import type { StockLedgerReason } from '@app/contract/admin';
import { uuidv7 } from '../../lib/uuid.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { Database } from '../../db/client.ts';

/**
 * Changes of units on hand, each with its stock ledger row written BY THE SAME STATEMENT: a
 * data-modifying CTE updates the stock row and inserts the ledger row from what the update
 * returned (the level it left). Order payment, the hottest write, pays no extra round trip for
 * its ledger, and no change of stock can happen without its row.
 */
export interface StockRowRef {
  table: 'product' | 'size';
  id: string;
}

export interface LedgerContext {
  reason: StockLedgerReason;
  note?: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  orderId?: string | null;
}

/** What a ledger-writing update left: the product, the resulting level and the change. */
export interface LedgerResult {
  productId: string;
  resultingStock: number;
  delta: number;
}

type Db = Tx | Database;

/**
 * Runs `update` (which must `returning` the row's id, stock, the change as `delta` and, for sizes,
 * color_id and name) and inserts the ledger row from its answer. Nothing is written when the
 * update matched no row (its condition failed) or changed nothing (delta 0).
 */
async function withLedger(db: Db, target: StockRowRef, update: SQL, context: LedgerContext): Promise<LedgerResult | undefined> {
  const common = sql`${uuidv7()}::uuid, ${context.reason}, ${context.note ?? null}, ${context.actorUserId ?? null}::uuid, ${context.actorEmail ?? null}, ${context.orderId ?? null}::uuid`;
  const insert =
    target.table === 'product'
      ? sql`insert into stock_ledger (id, reason, note, actor_user_id, actor_email, order_id, product_id, size_id, label, delta, resulting_stock)
          select ${common}, changed.id, null, 'Stock', changed.delta, changed.stock from changed where changed.delta <> 0
          returning product_id, resulting_stock, delta`
      : sql`insert into stock_ledger (id, reason, note, actor_user_id, actor_email, order_id, product_id, size_id, label, delta, resulting_stock)
          select ${common}, c.product_id, changed.id, left(c.name || ' / ' || changed.name, 100), changed.delta, changed.stock
          from changed join product_colors c on c.id = changed.color_id where changed.delta <> 0
          returning product_id, resulting_stock, delta`;
  const result = (await db.execute(sql`with changed as (${update}) ${insert}`)) as unknown as { rows: { product_id: string; resulting_stock: number; delta: number }[] };
  const row = result.rows[0];
  return row ? { productId: row.product_id, resultingStock: Number(row.resulting_stock), delta: Number(row.delta) } : undefined;
}

const tableOf = (target: StockRowRef) => (target.table === 'size' ? sql`product_sizes` : sql`products`);
const extraReturning = (target: StockRowRef) => (target.table === 'size' ? sql`, color_id, name` : sql``);

export const stockLedger = {
  /** The order was paid: held units become sold ones (stock and reserved both fall by `quantity`). */
  sellHeld: (tx: Db, target: StockRowRef, quantity: number, orderId: string) =>
    withLedger(
      tx,
      target,
      sql`update ${tableOf(target)} set stock = stock - ${quantity}, reserved = greatest(reserved - ${quantity}, 0) where id = ${target.id}::uuid
          returning id, stock, -${quantity}::int as delta${extraReturning(target)}`,
      { reason: 'sale', orderId },
    ),

  /** Sells units never held, only if that many are neither sold nor held (answers undefined otherwise). */
  sellUnheld: (tx: Db, target: StockRowRef, quantity: number, orderId: string) =>
    withLedger(
      tx,
      target,
      sql`update ${tableOf(target)} set stock = stock - ${quantity} where id = ${target.id}::uuid and stock - reserved >= ${quantity}
          returning id, stock, -${quantity}::int as delta${extraReturning(target)}`,
      { reason: 'sale', orderId },
    ),

  /** Adds `delta` units (negative removes), never below what pending orders hold nor below 0. */
  adjust: (db: Db, target: StockRowRef, delta: number, context: LedgerContext) =>
    withLedger(
      db,
      target,
      sql`update ${tableOf(target)} set stock = stock + ${delta} where id = ${target.id}::uuid and stock + ${delta} >= reserved and stock + ${delta} >= 0
          returning id, stock, ${delta}::int as delta${extraReturning(target)}`,
      context,
    ),

  /** Sets units on hand to `level` (not below what pending orders hold); the ledger gets the difference. */
  set: (db: Db, target: StockRowRef, level: number, context: LedgerContext) =>
    withLedger(
      db,
      target,
      sql`update ${tableOf(target)} t set stock = ${level} from (select id, stock from ${tableOf(target)} where id = ${target.id}::uuid for update) old
          where t.id = old.id and ${level} >= t.reserved
          returning t.id, t.stock, (${level} - old.stock)::int as delta${target.table === 'size' ? sql`, t.color_id, t.name` : sql``}`,
      context,
    ),
};
