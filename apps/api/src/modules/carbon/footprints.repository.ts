import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses, carbonFootprints, users } from '../../db/schema/index.ts';
import { impactOwnerChanged } from '../impact/impact.events.ts';

export type FootprintRow = typeof carbonFootprints.$inferSelect;
export type NewFootprintRow = typeof carbonFootprints.$inferInsert;

/** SQL for saved footprints; every query is scoped to one owner. */
export function createFootprintsRepository(db: Database) {
  const owned = (userId: string, kind?: string) =>
    kind ? and(eq(carbonFootprints.userId, userId), eq(carbonFootprints.kind, kind)) : eq(carbonFootprints.userId, userId);

  return {
    async insert(row: NewFootprintRow): Promise<FootprintRow> {
      const [saved] = await db.insert(carbonFootprints).values(row).returning();
      return saved;
    },

    /**
     * Inserts unless the owner already keeps `maxKept` rows or saved `maxPerDay` since `since`.
     * One transaction holding the owner's user row lock: simultaneous saves by one user take
     * turns, so the counts stay true until the insert commits and a burst cannot pass a limit.
     */
    async insertWithinLimits(
      row: NewFootprintRow,
      limits: { since: Date; maxKept: number; maxPerDay: number },
    ): Promise<{ saved: FootprintRow } | { refused: 'kept' | 'perDay' }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        const [kept] = await tx.select({ n: count() }).from(carbonFootprints).where(eq(carbonFootprints.userId, row.userId));
        if (Number(kept.n) >= limits.maxKept) return { refused: 'kept' as const };
        const [recent] = await tx
          .select({ n: count() })
          .from(carbonFootprints)
          .where(and(eq(carbonFootprints.userId, row.userId), gte(carbonFootprints.createdAt, limits.since)));
        if (Number(recent.n) >= limits.maxPerDay) return { refused: 'perDay' as const };
        const [saved] = await tx.insert(carbonFootprints).values(row).returning();
        return { saved };
      });
    },

    /**
     * Newest first; ties (same instant) broken by the time-ordered uuidv7 id. One statement (the
     * total is a window count beside the rows); a page with no row (none saved, or past the end)
     * counts apart.
     */
    async page(userId: string, options: { kind?: string; offset: number; limit: number }): Promise<{ rows: FootprintRow[]; total: number }> {
      const where = owned(userId, options.kind);
      const found = await db
        .select({ row: carbonFootprints, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(carbonFootprints)
        .where(where)
        .orderBy(desc(carbonFootprints.createdAt), desc(carbonFootprints.id))
        .offset(options.offset)
        .limit(options.limit);
      if (found.length > 0) return { rows: found.map((entry) => entry.row), total: found[0]!.total };
      const [total] = await db.select({ n: count() }).from(carbonFootprints).where(where);
      return { rows: [], total: Number(total.n) };
    },

    /** The businesses this person owns (their public pages list the owner's public business footprints). */
    async ownedBusinessIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerUserId, userId));
      return rows.map((row) => row.id);
    },

    /** Only the owner's row; undefined when there is none (someone else's id included). */
    async setPublic(userId: string, id: string, visible: boolean): Promise<FootprintRow | undefined> {
      const [row] = await db
        .update(carbonFootprints)
        .set({ public: visible })
        .where(and(eq(carbonFootprints.id, id), eq(carbonFootprints.userId, userId)))
        .returning();
      // The owner's public pages (theirs, and the businesses they own) show it or drop it at once.
      if (row) await impactOwnerChanged(db, { users: [userId], businesses: await this.ownedBusinessIds(userId) });
      return row;
    },

    /** Deletes only the owner's row; false when there is none (someone else's id included). */
    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(carbonFootprints)
        .where(and(eq(carbonFootprints.id, id), eq(carbonFootprints.userId, userId)))
        .returning({ id: carbonFootprints.id });
      return deleted.length > 0;
    },
  };
}
export type FootprintsRepository = ReturnType<typeof createFootprintsRepository>;
