import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wishlistItems } from '../../db/schema/index.ts';

/** What one update does to a list: ids to drop, and ids to add in the order they should appear. */
export interface WishlistChange {
  remove: string[];
  add: string[];
}

/** SQL for wishlists: one row per (user, product), ordered by the position sequence. */
export function createWishlistRepository(db: Database) {
  return {
    /** The user's product ids, oldest first. */
    async productIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId))
        .orderBy(asc(wishlistItems.position));
      return rows.map((row) => row.productId);
    },

    /**
     * One short transaction: locks the user's list (their users row, so concurrent updates of the
     * same list queue behind each other and other users are not held up), reads it, asks `plan`
     * what to change (plan may throw to refuse, which rolls back), applies that and returns the
     * new list. Products deleted meanwhile are skipped rather than failing the foreign key.
     */
    async change(userId: string, plan: (current: string[]) => WishlistChange): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${userId} for no key update`);
        const current = (
          await tx.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.position))
        ).map((row) => row.productId);
        const { remove, add } = plan(current);
        if (remove.length > 0) {
          await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, remove)));
        }
        if (add.length > 0) {
          const ids = sql.join(
            add.map((id) => sql`${id}`),
            sql`, `,
          );
          // `with ordinality` keeps the caller's order, so positions follow it.
          await tx.execute(sql`
            insert into wishlist_items (user_id, product_id)
            select ${userId}::uuid, p.id
            from unnest(array[${ids}]::uuid[]) with ordinality as wanted(id, n)
            join products p on p.id = wanted.id
            order by wanted.n
            on conflict do nothing`);
        }
        const rows = await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(eq(wishlistItems.userId, userId))
          .orderBy(asc(wishlistItems.position));
        return rows.map((row) => row.productId);
      });
    },
  };
}
export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
