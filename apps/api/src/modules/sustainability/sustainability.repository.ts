import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { impactOwnerChanged } from '../impact/impact.events.ts';
import { sustainabilityProfiles, users } from '../../db/schema/index.ts';

export type ProfileRow = typeof sustainabilityProfiles.$inferSelect;
export type ProfileValues = Omit<typeof sustainabilityProfiles.$inferInsert, 'userId' | 'updatedAt'>;

/** SQL for the personal sustainability profile (one row per user, keyed by the user's id). */
export function createSustainabilityRepository(db: Database) {
  return {
    async findByUser(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(sustainabilityProfiles).where(eq(sustainabilityProfiles.userId, userId)).limit(1);
      return row;
    },

    /** The profile of the user with this slug (users.slug), if they saved one. */
    async findBySlug(slug: string): Promise<{ slug: string; profile: ProfileRow } | undefined> {
      const [row] = await db
        .select({ slug: users.slug, profile: sustainabilityProfiles })
        .from(sustainabilityProfiles)
        .innerJoin(users, eq(users.id, sustainabilityProfiles.userId))
        .where(eq(users.slug, slug))
        .limit(1);
      return row;
    },

    async upsert(userId: string, values: ProfileValues, now: Date): Promise<ProfileRow> {
      const [row] = await db
        .insert(sustainabilityProfiles)
        .values({ ...values, userId, updatedAt: now })
        .onConflictDoUpdate({ target: sustainabilityProfiles.userId, set: { ...values, updatedAt: now } })
        .returning();
      // The page's badge shows its name and exists only once published.
      await impactOwnerChanged(db, { users: [userId] });
      return row;
    },
  };
}
export type SustainabilityRepository = ReturnType<typeof createSustainabilityRepository>;
