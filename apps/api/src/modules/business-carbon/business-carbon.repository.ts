import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { COUNTED_ORDER_STATUSES, retainedQuantity } from '../orders/purchases.ts';
import type { Database } from '../../db/client.ts';
import { businessCarbonSaves, businessCarbonYearInputs, businesses, businessMemberFootprints, businessMembers, carbonFootprints, orderItems, orders, products, users } from '../../db/schema/index.ts';

export type SavedFootprintRow = typeof carbonFootprints.$inferSelect;

export interface NewBusinessSave {
  businessId: string;
  userId: string;
  /** The member's row when the saver is an active member (its latest footprint is kept there for stats). */
  memberId: string | null;
  sourceKey: string;
  footprintId: string | null;
  kind: string;
  inputs: Record<string, unknown>;
  result: Record<string, unknown>;
  totalKg: number;
  now: Date;
  /** Saves kept per person and business; beyond it the save is refused. */
  maxKept: number;
}

export interface StoredBusinessSave {
  id: string;
  footprintId: string | null;
  kind: string;
  totalKg: number;
  result: Record<string, unknown>;
  savedAt: Date;
  created: boolean;
}

export interface CurrentFootprint {
  userId: string;
  firstName: string;
  lastName: string;
  role: string | null;
  totalKg: number;
  savedAt: Date;
}

/** SQL for carbon saved into businesses and the roll-up's reads. */
export function createBusinessCarbonRepository(db: Database) {
  return {
    /** One of this person's own saved footprints; undefined for anyone else's id. */
    async ownFootprint(userId: string, footprintId: string): Promise<SavedFootprintRow | undefined> {
      const [row] = await db.select().from(carbonFootprints).where(and(eq(carbonFootprints.id, footprintId), eq(carbonFootprints.userId, userId))).limit(1);
      return row;
    },

    /**
     * Saves into the business once per source: a repeat only moves `savedAt` (it becomes the
     * person's current footprint again). One transaction holding the person's user row, so
     * simultaneous saves by one person take turns; the unique index backs that up.
     */
    async save(row: NewBusinessSave): Promise<StoredBusinessSave | { refused: 'kept' }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        const same = and(eq(businessCarbonSaves.businessId, row.businessId), eq(businessCarbonSaves.userId, row.userId), eq(businessCarbonSaves.sourceKey, row.sourceKey));
        const [existing] = await tx
          .select({ id: businessCarbonSaves.id, footprintId: businessCarbonSaves.footprintId, kind: businessMemberFootprints.kind, totalKg: businessMemberFootprints.totalKg, result: businessMemberFootprints.result })
          .from(businessCarbonSaves)
          .innerJoin(businessMemberFootprints, eq(businessMemberFootprints.id, businessCarbonSaves.memberFootprintId))
          .where(same)
          .limit(1);

        let saved: StoredBusinessSave;
        if (existing) {
          await tx.update(businessCarbonSaves).set({ savedAt: row.now }).where(eq(businessCarbonSaves.id, existing.id));
          saved = { ...existing, savedAt: row.now, created: false };
        } else {
          const [kept] = await tx.select({ n: count() }).from(businessCarbonSaves).where(and(eq(businessCarbonSaves.businessId, row.businessId), eq(businessCarbonSaves.userId, row.userId)));
          if (Number(kept.n) >= row.maxKept) return { refused: 'kept' as const };
          const [history] = await tx
            .insert(businessMemberFootprints)
            .values({ businessId: row.businessId, userId: row.userId, kind: row.kind, inputs: row.inputs, result: row.result, totalKg: row.totalKg, createdAt: row.now })
            .returning({ id: businessMemberFootprints.id });
          const [inserted] = await tx
            .insert(businessCarbonSaves)
            .values({ businessId: row.businessId, userId: row.userId, sourceKey: row.sourceKey, footprintId: row.footprintId, memberFootprintId: history.id, savedAt: row.now })
            .returning({ id: businessCarbonSaves.id });
          saved = { id: inserted.id, footprintId: row.footprintId, kind: row.kind, totalKg: row.totalKg, result: row.result, savedAt: row.now, created: true };
        }
        if (row.memberId) {
          await tx
            .update(businessMembers)
            .set({ carbonTotalKg: saved.totalKg, carbonSavedAt: row.now })
            .where(and(eq(businessMembers.id, row.memberId), eq(businessMembers.status, 'active')));
        }
        return saved;
      });
    },

    /** The current inputs, and the same as the given reporting year's (the emissions report reads those; empty clears the year). */
    /**
     * A year's inputs; they are also the business's current inputs (the roll-up's) when `current`
     * is true. An earlier year's inputs never replace the current ones.
     */
    async setInputs(businessId: string, inputs: Record<string, unknown> | null, now: Date, year: number, current: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        if (current) await tx.update(businesses).set({ carbonInputs: inputs, updatedAt: now }).where(eq(businesses.id, businessId));
        const key = and(eq(businessCarbonYearInputs.businessId, businessId), eq(businessCarbonYearInputs.year, year));
        if (!inputs) await tx.delete(businessCarbonYearInputs).where(key);
        else
          await tx
            .insert(businessCarbonYearInputs)
            .values({ businessId, year, inputs, updatedAt: now })
            .onConflictDoUpdate({ target: [businessCarbonYearInputs.businessId, businessCarbonYearInputs.year], set: { inputs, updatedAt: now } });
      });
    },

    /** One reporting year's stored inputs, or null. */
    async yearInputs(businessId: string, year: number): Promise<{ inputs: Record<string, unknown>; updatedAt: Date } | null> {
      const [row] = await db
        .select({ inputs: businessCarbonYearInputs.inputs, updatedAt: businessCarbonYearInputs.updatedAt })
        .from(businessCarbonYearInputs)
        .where(and(eq(businessCarbonYearInputs.businessId, businessId), eq(businessCarbonYearInputs.year, year)))
        .limit(1);
      return row ? { inputs: row.inputs as Record<string, unknown>, updatedAt: row.updatedAt } : null;
    },

    /**
     * Each person's current footprint in the business (their latest save): the owner's, and
     * those of active members only (people who left or were removed no longer count).
     */
    async currentFootprints(businessId: string, ownerUserId: string): Promise<CurrentFootprint[]> {
      const rows = await db
        .selectDistinctOn([businessCarbonSaves.userId], {
          userId: businessCarbonSaves.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          role: businessMembers.role,
          totalKg: businessMemberFootprints.totalKg,
          savedAt: businessCarbonSaves.savedAt,
        })
        .from(businessCarbonSaves)
        .innerJoin(businessMemberFootprints, eq(businessMemberFootprints.id, businessCarbonSaves.memberFootprintId))
        .innerJoin(users, eq(users.id, businessCarbonSaves.userId))
        .leftJoin(
          businessMembers,
          and(eq(businessMembers.businessId, businessCarbonSaves.businessId), eq(businessMembers.userId, businessCarbonSaves.userId), eq(businessMembers.status, 'active')),
        )
        .where(and(eq(businessCarbonSaves.businessId, businessId), sql`(${businessCarbonSaves.userId} = ${ownerUserId} or ${businessMembers.id} is not null)`))
        .orderBy(businessCarbonSaves.userId, desc(businessCarbonSaves.savedAt), desc(businessCarbonSaves.id));
      return rows.map((row) => ({ ...row, role: row.userId === ownerUserId ? null : row.role }));
    },

    async activeMembers(businessId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(businessMembers).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.status, 'active')));
      return Number(row.n);
    },

    /**
     * Tonnes retired for the business: offset products (sold by the tonne, one unit = one tonne,
     * as the certificates count them) in the business's paid orders, whoever placed them.
     */
    async tonnesRetired(businessId: string): Promise<{ tonnesRetired: number; orders: number }> {
      const [row] = await db
        .select({ tonnes: sql<string | null>`sum(${retainedQuantity})`, orders: sql<string>`count(distinct ${orders.id})` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(eq(orders.businessId, businessId), inArray(orders.status, [...COUNTED_ORDER_STATUSES]), eq(products.kind, 'offset')));
      return { tonnesRetired: Number(row?.tonnes ?? 0), orders: Number(row?.orders ?? 0) };
    },
  };
}
export type BusinessCarbonRepository = ReturnType<typeof createBusinessCarbonRepository>;
