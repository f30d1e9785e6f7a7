import { eq } from 'drizzle-orm';
import {
  DEFAULT_PROFILE_THEME,
  EMPTY_SUSTAINABILITY_PROFILE,
  type SustainabilityProfileFields,
} from '@app/contract/sustainability';
import type { OwnBusinessSustainabilityProfile, PublicBusinessSustainabilityProfile } from '@app/contract/business-carbon';
import type { Database } from '../../db/client.ts';
import { impactOwnerChanged } from '../impact/impact.events.ts';
import { businesses, businessSustainabilityProfiles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileFieldsOf, publicProfileFields } from '../sustainability/profile-view.ts';
import { requireBusinessOwner, type BusinessRow } from '../business/business.access.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import type { Uploads } from '../uploads/uploads.service.ts';

type ProfileRow = typeof businessSustainabilityProfiles.$inferSelect;
type ProfileValues = Omit<typeof businessSustainabilityProfiles.$inferInsert, 'businessId' | 'updatedAt'>;

const EMPTY = EMPTY_SUSTAINABILITY_PROFILE;

/** SQL for the business-sustainability profile (one row per business). */
export function createBusinessSustainabilityRepository(db: Database) {
  return {
    async findByBusiness(businessId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(businessSustainabilityProfiles).where(eq(businessSustainabilityProfiles.businessId, businessId)).limit(1);
      return row;
    },

    /** The saved profile of the business with this address name (businesses.business_slug, lowercase). */
    async findBySlug(slug: string): Promise<{ business: BusinessRow; profile: ProfileRow } | undefined> {
      const [row] = await db
        .select({ business: businesses, profile: businessSustainabilityProfiles })
        .from(businessSustainabilityProfiles)
        .innerJoin(businesses, eq(businesses.id, businessSustainabilityProfiles.businessId))
        .where(eq(businesses.businessSlug, slug))
        .limit(1);
      return row;
    },

    async upsert(businessId: string, values: ProfileValues, now: Date): Promise<ProfileRow> {
      const [row] = await db
        .insert(businessSustainabilityProfiles)
        .values({ ...values, businessId, updatedAt: now })
        .onConflictDoUpdate({ target: businessSustainabilityProfiles.businessId, set: { ...values, updatedAt: now } })
        .returning();
      return row;
    },
  };
}
export type BusinessSustainabilityRepository = ReturnType<typeof createBusinessSustainabilityRepository>;

/**
 * The business-sustainability profile (spec §3): the same fields as the personal one, edited by
 * the business's owner only, public at the business's address name. The public view drops each
 * flagged field whose show flag is off here, on the server, so a hidden field is never sent.
 */
export function createBusinessSustainabilityService(deps: { db: Database; repo: BusinessSustainabilityRepository; reference: ReferenceData; uploads: Uploads; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  const ownView = (business: BusinessRow, row: ProfileRow | undefined): OwnBusinessSustainabilityProfile => ({
    ...(row ? profileFieldsOf(row) : EMPTY),
    slug: business.businessSlug,
    published: Boolean(row),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    businessCode: business.businessCode,
    businessName: business.name,
  });

  return {
    async own(userId: string, businessCode: string): Promise<OwnBusinessSustainabilityProfile> {
      const business = await requireBusinessOwner(deps.db, userId, { businessCode });
      return ownView(business, await deps.repo.findByBusiness(business.id));
    },

    async save(userId: string, businessCode: string, fields: SustainabilityProfileFields): Promise<OwnBusinessSustainabilityProfile> {
      const business = await requireBusinessOwner(deps.db, userId, { businessCode });
      if (fields.country && !deps.reference.countries.get(fields.country)) {
        throw new AppError('VALIDATION_FAILED', 'Please check country: choose a country from the list', { fields: { country: ['is not a country of the country list'] } });
      }
      if (fields.image && !(await deps.uploads.exists(fields.image))) {
        throw new AppError('VALIDATION_FAILED', 'Please check image: upload the image again', { fields: { image: ['no uploaded image has this address'] } });
      }
      const { imageURL, ...rest } = fields;
      const before = await deps.repo.findByBusiness(business.id);
      const row = await deps.repo.upsert(business.id, { ...rest, imageUrl: imageURL }, now());
      // The page's badge shows its name and exists only once published.
      await impactOwnerChanged(deps.db, { businesses: [business.id] });
      // Committed: a replaced image goes unless something else still shows it (issue 23 item 7).
      if (before && before.image !== row.image) await deps.uploads.release(before.image);
      return ownView(business, row);
    },

    async publicView(slug: string): Promise<PublicBusinessSustainabilityProfile> {
      const found = await deps.repo.findBySlug(slug);
      if (!found) throw notFound('That business-sustainability profile');
      return {
        slug: found.business.businessSlug,
        businessName: found.business.name,
        ...publicProfileFields(profileFieldsOf(found.profile)),
        updatedAt: found.profile.updatedAt.toISOString(),
      };
    },
  };
}
export type BusinessSustainabilityService = ReturnType<typeof createBusinessSustainabilityService>;

