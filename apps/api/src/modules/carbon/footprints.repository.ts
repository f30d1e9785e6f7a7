import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { carbonFootprints } from '../../db/schema/index.ts';

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

    /** How many the user keeps, and how many they saved since `since`. */
    async counts(userId: string, since: Date): Promise<{ kept: number; recent: number }> {
      const [kept] = await db.select({ n: count() }).from(carbonFootprints).where(eq(carbonFootprints.userId, userId));
      const [recent] = await db
        .select({ n: count() })
        .from(carbonFootprints)
        .where(and(eq(carbonFootprints.userId, userId), gte(carbonFootprints.createdAt, since)));
      return { kept: Number(kept.n), recent: Number(recent.n) };
    },

    /** Newest first; ties (same instant) broken by the time-ordered uuidv7 id. */
    async page(userId: string, options: { kind?: string; offset: number; limit: number }): Promise<{ rows: FootprintRow[]; total: number }> {
      const where = owned(userId, options.kind);
      const rows = await db
        .select()
        .from(carbonFootprints)
        .where(where)
        .orderBy(desc(carbonFootprints.createdAt), desc(carbonFootprints.id))
        .offset(options.offset)
        .limit(options.limit);
      const [total] = await db.select({ n: count() }).from(carbonFootprints).where(where);
      return { rows, total: Number(total.n) };
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
