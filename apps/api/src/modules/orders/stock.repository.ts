import { and, eq, sql } from 'drizzle-orm';
import { productSizes, products } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import { stockLedger } from '../catalog/stock-ledger.ts';

/**
 * Where an order line's units are counted: the size for a product with variations, otherwise
 * the product. Reservations live beside stock on those rows (decision 0013).
 */
export interface StockTarget {
  table: 'product' | 'size';
  id: string;
  quantity: number;
}

/** One target per row, in id order: every transaction takes these row locks in the same order, so two never wait on each other. */
export function stockTargets(lines: { productId: string; sizeId: string | null; quantity: number }[]): StockTarget[] {
  const byKey = new Map<string, StockTarget>();
  for (const line of lines) {
    const target: StockTarget = line.sizeId ? { table: 'size', id: line.sizeId, quantity: 0 } : { table: 'product', id: line.productId, quantity: 0 };
    const key = `${target.table}:${target.id}`;
    const entry = byKey.get(key) ?? target;
    entry.quantity += line.quantity;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * SQL for reserved units: with place_order, which holds an unpaid order's units (migration 0051),
 * the only writes of products.reserved and product_sizes.reserved.
 */
export const stockRepository = {
  /** Units still free on the row (for the refusal message). */
  async available(tx: Tx, target: StockTarget): Promise<number> {
    const table = target.table === 'size' ? productSizes : products;
    const [row] = await tx.select({ free: sql<number>`greatest(${table.stock} - ${table.reserved}, 0)`.mapWith(Number) }).from(table).where(eq(table.id, target.id));
    return row?.free ?? 0;
  },

  /** An unpaid order lapsed or was cancelled: its units are free again. */
  async release(tx: Tx, target: StockTarget): Promise<void> {
    const table = target.table === 'size' ? productSizes : products;
    await tx
      .update(table)
      .set({ reserved: sql`greatest(${table.reserved} - ${target.quantity}, 0)` })
      .where(eq(table.id, target.id));
  },

  /**
   * Sells `quantity` units that were never held (an order placed and paid in one transaction) if
   * that many are neither sold nor held: one conditional update, like `reserve`, which writes the
   * stock ledger's "sale" row in the same statement (catalog/stock-ledger.ts).
   */
  async sellUnheld(tx: Tx, target: StockTarget, orderId: string): Promise<boolean> {
    return (await stockLedger.sellUnheld(tx, target, target.quantity, orderId)) !== undefined;
  },

  /** The order was paid: held units become sold ones, with the ledger's "sale" row in the same statement. */
  async sell(tx: Tx, target: StockTarget, orderId: string): Promise<void> {
    await stockLedger.sellHeld(tx, target, target.quantity, orderId);
  },
};
