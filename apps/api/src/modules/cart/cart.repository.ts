import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businessEvents, cartItems, carts, productColors, products, productSizes } from '../../db/schema/index.ts';

/** stock − reserved, never below 0. */
const sellable = (table: typeof products | typeof productSizes) => sql<number>`greatest(${table.stock} - ${table.reserved}, 0)`.mapWith(Number);

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queryable = Database | Tx;

/** Units in stock, read inside the write transaction: per product without variations, per size otherwise. */
export interface StockLevels {
  products: Map<string, number>;
  sizes: Map<string, { productId: string; colorId: string; stock: number }>;
}

/** SQL for carts and their lines. */
export const cartRepository = {
  /** The event's code as stored (upper case), or undefined when no event has this code. */
  async eventCode(db: Queryable, code: string): Promise<string | undefined> {
    const [row] = await db.select({ code: businessEvents.conferanceCode }).from(businessEvents).where(eq(businessEvents.conferanceCode, code.trim().toUpperCase())).limit(1);
    return row?.code;
  },

  async findByUser(db: Queryable, userId: string): Promise<CartRow | undefined> {
    const [row] = await db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
    return row;
  },

  /**
   * The user's cart, created if missing, locked until the transaction ends: the one place every
   * change starts, so changes of one cart never interleave.
   */
  async lockForUser(tx: Tx, userId: string, currency: string): Promise<CartRow> {
    const lock = () => tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
    // Almost every call finds the cart: one statement. The first creates it (a racing first
    // call's insert is a no-op) and then locks it.
    const [existing] = await lock();
    if (existing) return existing;
    await tx.insert(carts).values({ userId, currency }).onConflictDoNothing({ target: carts.userId });
    const [row] = await lock();
    return row;
  },

  async items(db: Queryable, cartId: string): Promise<CartItemRow[]> {
    return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  },

  async update(tx: Tx, cartId: string, patch: Partial<Omit<CartRow, 'id' | 'userId' | 'createdAt'>>): Promise<CartRow> {
    const [row] = await tx.update(carts).set({ ...patch, updatedAt: new Date() }).where(eq(carts.id, cartId)).returning();
    return row;
  },

  async insertItem(tx: Tx, values: { cartId: string; productId: string; colorId: string | null; sizeId: string | null; quantity: number }): Promise<void> {
    await tx.insert(cartItems).values(values);
  },

  async setItemQuantity(tx: Tx, itemId: string, quantity: number): Promise<void> {
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
  },

  /** Sets (or, with nulls, clears) the gift of one line of this cart; false when the line is not in it. */
  async setItemGift(tx: Tx, cartId: string, itemId: string, gift: Pick<CartItemRow, 'giftName' | 'giftEmail' | 'giftMessage' | 'giftDeliverOn'>): Promise<boolean> {
    const rows = await tx.update(cartItems).set(gift).where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId))).returning({ id: cartItems.id });
    return rows.length > 0;
  },

  async deleteItems(tx: Tx, cartId: string, itemIds?: string[]): Promise<number> {
    if (itemIds && itemIds.length === 0) return 0;
    const where = itemIds ? and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)) : eq(cartItems.cartId, cartId);
    const deleted = await tx.delete(cartItems).where(where).returning({ id: cartItems.id });
    return deleted.length;
  },

  /**
   * Units that can be sold as the database holds them now (not the read model, which may lag a
   * sale by a moment): on hand less those reserved by pending orders, the figure orders reserve against.
   */
  async stockLevels(db: Queryable, productIds: string[], sizeIds: string[]): Promise<StockLevels> {
    const [productRows, sizeRows] = await Promise.all([
      productIds.length ? db.select({ id: products.id, stock: sellable(products) }).from(products).where(inArray(products.id, productIds)) : Promise.resolve([]),
      sizeIds.length
        ? db
            .select({ id: productSizes.id, colorId: productSizes.colorId, productId: productColors.productId, stock: sellable(productSizes) })
            .from(productSizes)
            .innerJoin(productColors, eq(productColors.id, productSizes.colorId))
            .where(inArray(productSizes.id, sizeIds))
        : Promise.resolve([]),
    ]);
    return {
      products: new Map(productRows.map((row) => [row.id, row.stock])),
      sizes: new Map(sizeRows.map((row) => [row.id, { productId: row.productId, colorId: row.colorId, stock: row.stock }])),
    };
  },
};
