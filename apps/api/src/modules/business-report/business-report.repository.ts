import { and, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  businessCarbonSaves,
  businessCarbonYearInputs,
  businessEventFootprints,
  businessEvents,
  businessMemberFootprints,
  businessMembers,
  businessReportSharing,
  certificates,
  orders,
  products,
  users,
} from '../../db/schema/index.ts';

export interface YearRange {
  year: number;
  /** First instant of the year, UTC. */
  start: Date;
  /** First instant of the next year, UTC (exclusive). */
  end: Date;
}

export const yearRange = (year: number): YearRange => ({ year, start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) });

/** SQL for the emissions report: every read is bounded by the business and the year. */
export function createBusinessReportRepository(db: Database) {
  /** The people whose footprints may count: the owner and the business's active members. */
  const ownerOrActiveMember = (businessId: string, ownerUserId: string) =>
    sql`(${businessCarbonSaves.userId} = ${ownerUserId} or exists (select 1 from ${businessMembers} where ${businessMembers.businessId} = ${businessId} and ${businessMembers.userId} = ${businessCarbonSaves.userId} and ${businessMembers.status} = 'active'))`;

  return {
    async yearInputs(businessId: string, year: number) {
      const [row] = await db.select().from(businessCarbonYearInputs).where(and(eq(businessCarbonYearInputs.businessId, businessId), eq(businessCarbonYearInputs.year, year))).limit(1);
      return row;
    },

    /** The business's events starting in the year, with the sums of their confirmed footprints. */
    async events(businessId: string, range: YearRange) {
      const rows = await db
        .select({
          eventId: businessEvents.id,
          name: businessEvents.name,
          startDate: businessEvents.startDate,
          footprints: sql<string>`count(${businessEventFootprints.id})`,
          totalKg: sql<string | null>`sum(${businessEventFootprints.totalKg})`,
          travelKg: sql<string | null>`sum(${businessEventFootprints.travelKg})`,
          accommodationKg: sql<string | null>`sum(${businessEventFootprints.accommodationKg})`,
          cateringKg: sql<string | null>`sum(${businessEventFootprints.cateringKg})`,
          factorSetYear: sql<number | null>`max(${businessEventFootprints.factorSetYear})`,
        })
        .from(businessEvents)
        .leftJoin(businessEventFootprints, eq(businessEventFootprints.eventId, businessEvents.id))
        .where(and(eq(businessEvents.businessId, businessId), gte(businessEvents.startDate, `${range.year}-01-01`), lte(businessEvents.startDate, `${range.year}-12-31`)))
        .groupBy(businessEvents.id)
        .orderBy(businessEvents.startDate, businessEvents.id);
      return rows.map((row) => ({
        eventId: row.eventId,
        name: row.name,
        startDate: row.startDate,
        footprints: Number(row.footprints),
        totalKg: Number(row.totalKg ?? 0),
        travelKg: Number(row.travelKg ?? 0),
        accommodationKg: Number(row.accommodationKg ?? 0),
        cateringKg: Number(row.cateringKg ?? 0),
        factorSetYear: row.factorSetYear === null ? null : Number(row.factorSetYear),
      }));
    },

    /**
     * Each person's latest footprint saved into the business during the year (the owner's and
     * active members'), with whether they chose to share it in the report.
     */
    async memberFootprints(businessId: string, ownerUserId: string, range: YearRange) {
      const rows = await db
        .selectDistinctOn([businessCarbonSaves.userId], {
          userId: businessCarbonSaves.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          role: businessMembers.role,
          totalKg: businessMemberFootprints.totalKg,
          result: businessMemberFootprints.result,
          savedAt: businessCarbonSaves.savedAt,
          shared: sql<boolean>`${businessReportSharing.userId} is not null`,
        })
        .from(businessCarbonSaves)
        .innerJoin(businessMemberFootprints, eq(businessMemberFootprints.id, businessCarbonSaves.memberFootprintId))
        .innerJoin(users, eq(users.id, businessCarbonSaves.userId))
        .leftJoin(businessMembers, and(eq(businessMembers.businessId, businessCarbonSaves.businessId), eq(businessMembers.userId, businessCarbonSaves.userId), eq(businessMembers.status, 'active')))
        .leftJoin(businessReportSharing, and(eq(businessReportSharing.businessId, businessCarbonSaves.businessId), eq(businessReportSharing.userId, businessCarbonSaves.userId)))
        .where(and(eq(businessCarbonSaves.businessId, businessId), gte(businessCarbonSaves.savedAt, range.start), lt(businessCarbonSaves.savedAt, range.end), ownerOrActiveMember(businessId, ownerUserId)))
        .orderBy(businessCarbonSaves.userId, desc(businessCarbonSaves.savedAt), desc(businessCarbonSaves.id));
      return rows.map((row) => ({ ...row, shared: Boolean(row.shared), role: row.userId === ownerUserId ? 'owner' : (row.role ?? 'employee') }));
    },

    /**
     * Certificates issued in the year for the business: its own orders, and orders for its events
     * (by conference code). Void ones are returned too, so the report can say how many it left out.
     */
    async certificates(businessId: string, range: YearRange) {
      const forItsEvents = sql`upper(${orders.conferanceCode}) in (select upper(${businessEvents.conferanceCode}) from ${businessEvents} where ${businessEvents.businessId} = ${businessId})`;
      return db
        .select({
          serial: certificates.serial,
          projectName: certificates.projectName,
          standard: certificates.standardName,
          country: certificates.country,
          // Frozen on the certificate; the product's own for certificates issued before it was.
          vintage: sql<number | null>`coalesce(${certificates.vintage}, ${products.vintage})`,
          projectValidUntil: certificates.projectValidUntil,
          tonnesMilli: certificates.tonnesMilli,
          beneficiaryType: certificates.beneficiaryType,
          beneficiaryName: certificates.beneficiaryName,
          issuedAt: certificates.issuedAt,
          status: certificates.status,
        })
        .from(certificates)
        .innerJoin(orders, eq(orders.id, certificates.orderId))
        .leftJoin(products, eq(products.id, certificates.productId))
        .where(and(or(eq(orders.businessId, businessId), forItsEvents), gte(certificates.issuedAt, range.start), lt(certificates.issuedAt, range.end)))
        .orderBy(certificates.issuedAt, certificates.serial);
    },

    async sharing(businessId: string, userId: string) {
      const [row] = await db.select().from(businessReportSharing).where(and(eq(businessReportSharing.businessId, businessId), eq(businessReportSharing.userId, userId))).limit(1);
      return row;
    },

    /** Idempotent both ways: sharing twice keeps the first date, withdrawing twice is a no-op. */
    async setSharing(businessId: string, userId: string, share: boolean, now: Date) {
      if (share) await db.insert(businessReportSharing).values({ businessId, userId, sharedAt: now }).onConflictDoNothing();
      else await db.delete(businessReportSharing).where(and(eq(businessReportSharing.businessId, businessId), eq(businessReportSharing.userId, userId)));
      return this.sharing(businessId, userId);
    },
  };
}
export type BusinessReportRepository = ReturnType<typeof createBusinessReportRepository>;
