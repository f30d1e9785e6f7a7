import { impactOwnerChanged } from '../impact/impact.events.ts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { BusinessUpdateBody, BusinessWriteBody, OwnBusiness, PublicBusiness, PublicBusinessPage } from '@app/contract/business';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { businesses, businessMembers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { businessOwnedBy, findBusinessByCode, requireBusinessOwner, type BusinessRow } from './business.access.ts';
import { JOIN_CODE_COLUMNS, newJoinCode, newJoinCodes, slugFor, type JoinRole } from './business.codes.ts';
import { toOwnBusiness, toPublicBusiness } from './business.view.ts';
import type { Uploads } from '../uploads/uploads.service.ts';

/** Collisions of random codes are rare; a few draws settle them. */
const MAX_DRAWS = 6;

const businessExists = () => new AppError('BUSINESS_EXISTS', 'You already have a business account; edit it instead of creating another');
const slugTaken = () => new AppError('SLUG_TAKEN', 'Another business uses this address name; choose another');

type Written = { name: string; description?: string; website?: string; logoUrl?: string; address?: BusinessRow['address']; country?: string; industry?: string; size?: string };

/** Only the fields a body carries, so an update leaves the rest as they were. */
function columnsOf(body: Written) {
  const columns: Partial<typeof businesses.$inferInsert> = {};
  for (const key of ['name', 'description', 'website', 'logoUrl', 'country', 'industry', 'size'] as const) {
    if (body[key] !== undefined) columns[key] = body[key];
  }
  if (body.address !== undefined) columns.address = body.address ?? null;
  return columns;
}

/** Business profiles (spec §7 Business): the owner creates and edits; anyone reads the public part by code. */
export function createBusinessProfiles(db: Database, uploads: Pick<Uploads, 'release'>) {
  async function activeMembers(businessId: string) {
    return db
      .select({ id: businessMembers.id, userId: businessMembers.userId, role: businessMembers.role })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.status, 'active')))
      .orderBy(asc(businessMembers.joinedAt));
  }

  async function ownView(row: BusinessRow): Promise<OwnBusiness> {
    return toOwnBusiness(row, await activeMembers(row.id));
  }

  return {
    /** One business per owner; codes and slug drawn again on the rare collision. */
    async create(userId: string, body: BusinessWriteBody & { name: string }): Promise<OwnBusiness> {
      if (await businessOwnedBy(db, userId)) throw businessExists();
      for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
        try {
          const [row] = await db
            .insert(businesses)
            .values({ ...columnsOf(body as Written), name: body.name, ownerUserId: userId, ...newJoinCodes(body.name), businessSlug: slugFor(body.name, attempt) })
            .returning();
          return ownView(row!);
        } catch (error) {
          const broken = uniqueViolation(error);
          if (!broken) throw error;
          // Two creates by one owner at once: the second finds the first.
          if (broken.constraint.includes('owner') || (await businessOwnedBy(db, userId))) throw businessExists();
        }
      }
      throw new AppError('CONFLICT', 'Could not give the business a unique code; please try again');
    },

    async update(userId: string, businessId: string, body: BusinessUpdateBody): Promise<OwnBusiness> {
      const before = await requireBusinessOwner(db, userId, { businessId });
      const columns = columnsOf(body as Written);
      const [row] = await db
        .update(businesses)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(businesses.id, businessId), eq(businesses.ownerUserId, userId)))
        .returning();
      // A replaced uploaded logo goes once this is committed, unless something else shows it.
      if (row && before.logoUrl !== row.logoUrl) await uploads.release(before.logoUrl);
      return ownView(row!);
    },

    /**
     * `PUT business-profiles/join-codes/{id} {role}`: a fresh secret code for one role. The old
     * code stops working with this update (joins read the column); members who joined stay.
     */
    async regenerateJoinCode(userId: string, businessId: string, role: JoinRole): Promise<OwnBusiness> {
      const business = await requireBusinessOwner(db, userId, { businessId });
      for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
        try {
          const [row] = await db
            .update(businesses)
            .set({ [JOIN_CODE_COLUMNS[role]]: newJoinCode(business.name, role), updatedAt: new Date() })
            .where(and(eq(businesses.id, businessId), eq(businesses.ownerUserId, userId)))
            .returning();
          return ownView(row!);
        } catch (error) {
          if (!uniqueViolation(error)) throw error;
        }
      }
      throw new AppError('CONFLICT', 'Could not make a unique code; please try again');
    },

    async setSlug(userId: string, businessId: string, businessSlug: string): Promise<OwnBusiness> {
      await requireBusinessOwner(db, userId, { businessId });
      try {
        const [row] = await db.update(businesses).set({ businessSlug, updatedAt: new Date() }).where(and(eq(businesses.id, businessId), eq(businesses.ownerUserId, userId))).returning();
        // The old address's badge stops answering.
        await impactOwnerChanged(db, { businesses: [businessId] });
        return ownView(row!);
      } catch (error) {
        if (uniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },

    /** `business-profiles/user/{userId}`: the caller's own business (the web's MyBusinessDetails), or null. */
    async ofUser(callerId: string, userId: string): Promise<OwnBusiness | null> {
      if (callerId !== userId) throw new AppError('FORBIDDEN', 'You can only read your own business account');
      const row = await businessOwnedBy(db, userId);
      return row ? ownView(row) : null;
    },

    /** `business-profiles/me/{businessCode}`: the owner's full view. */
    async me(callerId: string, businessCode: string): Promise<OwnBusiness> {
      return ownView(await requireBusinessOwner(db, callerId, { businessCode }));
    },

    /** `business-profiles/profile?businessCode=`: public, for visitors too (spec §6). */
    async publicProfile(businessCode: string): Promise<PublicBusiness> {
      const row = await findBusinessByCode(db, businessCode);
      if (!row) throw new AppError('NOT_FOUND', 'No business has this code');
      return toPublicBusiness(row);
    },

    /** `business-profiles/slug/{slug}`: public, for a business's own page. */
    /** The public page's data in one query: the profile, its shop page's product count and whether it has a sustainability profile. */
    async bySlug(businessSlug: string): Promise<PublicBusinessPage> {
      const [row] = await db
        .select({
          business: businesses,
          // Written out with aliases: inside a subquery Drizzle leaves columns unqualified, and a bare "id" would be the subquery's own.
          shopProducts: sql<number | null>`(select count(pp.page_id)::int from business_product_pages p left join business_page_products pp on pp.page_id = p.id where p.business_id = "businesses"."id" group by p.id)`,
          sustainabilityProfile: sql<boolean>`exists (select 1 from business_sustainability_profiles s where s.business_id = "businesses"."id")`,
        })
        .from(businesses)
        .where(eq(businesses.businessSlug, businessSlug))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'No business has this address');
      return {
        ...toPublicBusiness(row.business),
        published: { shopProducts: row.shopProducts === null ? null : Number(row.shopProducts), sustainabilityProfile: Boolean(row.sustainabilityProfile) },
      };
    },

    /** `business-profiles?page=&size=` (spec §9: a hundred a page): the public directory, newest first. */
    async list(page: number, size: number) {
      const [rows, [counted]] = await Promise.all([
        db.select().from(businesses).orderBy(desc(businesses.createdAt), desc(businesses.id)).limit(size).offset((page - 1) * size),
        db.select({ n: count() }).from(businesses),
      ]);
      return { data: rows.map(toPublicBusiness), meta: { page, size, total: counted?.n ?? 0 } };
    },
  };
}

export type BusinessProfiles = ReturnType<typeof createBusinessProfiles>;
