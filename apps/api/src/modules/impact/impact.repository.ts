import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ImpactKind } from '@app/contract/impact';
import type { Database } from '../../db/client.ts';
import { businessSustainabilityProfiles, businesses, carbonFootprints, certificates, orders, sustainabilityProfiles, users } from '../../db/schema/index.ts';

/** Whose public page a slug names: only people and businesses that published a sustainability profile have one. */
export interface ImpactOwner {
  kind: ImpactKind;
  id: string;
  slug: string;
  name: string;
}

export interface ImpactCertificateRow {
  serial: string;
  projectName: string;
  standardName: string | null;
  country: string | null;
  tonnesMilli: number;
  issuedAt: Date;
}

/** At most this many certificates are listed on a page (the total counts them all). */
export const LISTED_CERTIFICATES = 100;
/** At most this many public footprints are shown on a page. */
export const PUBLIC_FOOTPRINTS = 12;

/** SQL of the impact read model: the owner behind a public page and their valid certificates. */
export function createImpactRepository(db: Database) {
  /** Valid certificates that name this owner: a person's own (not bought for a business or event), or a business's orders. */
  const ownedBy = (owner: ImpactOwner) =>
    owner.kind === 'users'
      ? // A claimed gift counts for its recipient, no longer for its giver (decision 0051).
        and(
          or(and(eq(certificates.userId, owner.id), isNull(certificates.giftClaimedBy)), eq(certificates.giftClaimedBy, owner.id)),
          eq(certificates.beneficiaryType, 'person'),
          eq(certificates.status, 'valid'),
        )
      : and(eq(orders.businessId, owner.id), eq(certificates.beneficiaryType, 'business'), eq(certificates.status, 'valid'));

  return {
    async owner(kind: ImpactKind, slug: string): Promise<ImpactOwner | undefined> {
      if (kind === 'users') {
        const [row] = await db
          .select({ id: users.id, slug: users.slug, name: sustainabilityProfiles.name, showName: sustainabilityProfiles.showName, title: sustainabilityProfiles.title })
          .from(sustainabilityProfiles)
          .innerJoin(users, eq(users.id, sustainabilityProfiles.userId))
          .where(eq(users.slug, slug))
          .limit(1);
        // The name only when the owner chose to show it (spec §3 show flags), else the page's title.
        return row && { kind, id: row.id, slug: row.slug, name: (row.showName && row.name) || row.title || row.slug };
      }
      const [row] = await db
        .select({ id: businesses.id, slug: businesses.businessSlug, name: businesses.name })
        .from(businessSustainabilityProfiles)
        .innerJoin(businesses, eq(businesses.id, businessSustainabilityProfiles.businessId))
        .where(eq(businesses.businessSlug, slug))
        .limit(1);
      return row && { kind, ...row };
    },

    /** The total, the newest certificates, the tonnes per month and the public footprints, in four small queries. */
    async impact(owner: ImpactOwner) {
      const base = db.$with('owned').as(
        db
          .select({
            serial: certificates.serial,
            projectName: certificates.projectName,
            standardName: certificates.standardName,
            country: certificates.country,
            tonnesMilli: certificates.tonnesMilli,
            issuedAt: certificates.issuedAt,
            id: certificates.id,
          })
          .from(certificates)
          .innerJoin(orders, eq(orders.id, certificates.orderId))
          .where(ownedBy(owner)),
      );
      const [totals] = await db.with(base).select({ tonnesMilli: sql<string>`coalesce(sum(${base.tonnesMilli}), 0)`, count: sql<number>`count(*)::int` }).from(base);
      const listed: ImpactCertificateRow[] = await db
        .with(base)
        .select({ serial: base.serial, projectName: base.projectName, standardName: base.standardName, country: base.country, tonnesMilli: base.tonnesMilli, issuedAt: base.issuedAt })
        .from(base)
        .orderBy(desc(base.issuedAt), desc(base.id))
        .limit(LISTED_CERTIFICATES);
      const month = sql<string>`to_char(${base.issuedAt} at time zone 'UTC', 'YYYY-MM')`;
      const monthly = await db
        .with(base)
        .select({ month, tonnesMilli: sql<string>`sum(${base.tonnesMilli})` })
        .from(base)
        .groupBy(month)
        .orderBy(desc(month))
        .limit(12);
      // Footprints the owner chose to show: a person's own; for a business, its owner's business and event footprints.
      const footprintOwner = owner.kind === 'users' ? sql`${owner.id}::uuid` : sql`(select ${businesses.ownerUserId} from ${businesses} where ${businesses.id} = ${owner.id}::uuid)`;
      const shown = await db
        .select({ kind: carbonFootprints.kind, total: carbonFootprints.total, createdAt: carbonFootprints.createdAt })
        .from(carbonFootprints)
        .where(and(sql`${carbonFootprints.userId} = ${footprintOwner}`, eq(carbonFootprints.public, true), owner.kind === 'users' ? undefined : inArray(carbonFootprints.kind, ['business', 'event'])))
        .orderBy(desc(carbonFootprints.createdAt), desc(carbonFootprints.id))
        .limit(PUBLIC_FOOTPRINTS);
      return {
        publicFootprints: shown.map((row) => ({ kind: row.kind, totalKg: row.total, createdAt: new Date(row.createdAt).toISOString() })),
        tonnesMilli: Number(totals?.tonnesMilli ?? 0),
        count: Number(totals?.count ?? 0),
        listed: listed.map((row) => ({ ...row, issuedAt: new Date(row.issuedAt) })),
        monthly: monthly.reverse().map((row) => ({ month: row.month, tonnesMilli: Number(row.tonnesMilli) })),
      };
    },
  };
}
export type ImpactRepository = ReturnType<typeof createImpactRepository>;
