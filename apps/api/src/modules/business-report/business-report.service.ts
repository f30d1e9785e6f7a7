import { and, eq } from 'drizzle-orm';
import type { BusinessRequest } from '@app/contract';
import type { BusinessReport, BusinessReportSharing } from '@app/contract/business-carbon';
import type { Database } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBusinessByCode, requireBusinessMemberOrOwner, type BusinessRow } from '../business/business.access.ts';
import type { CarbonService } from '../carbon/carbon.service.ts';
import { yearRange, type BusinessReportRepository } from './business-report.repository.ts';
import { buildReport } from './report-builder.ts';

/**
 * The business emissions report (decisions 0049, 0050). Who may read it: the owner, and active
 * members the owner gave report access. An unknown business is 404, anyone else 403, as for
 * every owner call (business.access.ts).
 */
export function createBusinessReportService(deps: { db: Database; repo: BusinessReportRepository; carbon: CarbonService; now?: () => Date }) {
  const { db, repo, carbon } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireReader(userId: string, businessCode: string): Promise<BusinessRow> {
    const business = await findBusinessByCode(db, businessCode);
    if (!business) throw new AppError('NOT_FOUND', 'Business was not found');
    if (business.ownerUserId === userId) return business;
    const [member] = await db
      .select({ reportAccess: businessMembers.reportAccess })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.userId, userId), eq(businessMembers.status, 'active')))
      .limit(1);
    if (!member?.reportAccess) throw new AppError('FORBIDDEN', "Only the owner, and members the owner allows, can read this business's emissions report");
    return business;
  }

  function checkYear(year: number): void {
    const current = now().getUTCFullYear();
    if (year > current) throw new AppError('VALIDATION_FAILED', `Please check year: ${year} has not started yet`, { fields: { year: [`must be ${current} or earlier`] } });
  }

  return {
    checkYear,

    async report(userId: string, businessCode: string, year: number): Promise<BusinessReport> {
      checkYear(year);
      const business = await requireReader(userId, businessCode);
      const range = yearRange(year);
      const [inputsRow, events, members, certificates] = await Promise.all([
        repo.yearInputs(business.id, year),
        repo.events(business.id, range),
        repo.memberFootprints(business.id, business.ownerUserId, range),
        repo.certificates(business.id, range),
      ]);
      const inputs = inputsRow?.inputs as BusinessRequest | undefined;
      // Recomputed from the stored inputs with today's factor set, as the roll-up is.
      const operations = inputs ? { result: carbon.business(inputs), radiativeForcing: inputs.radiativeForcing !== false, updatedAt: inputsRow!.updatedAt } : null;
      return buildReport({
        business: { id: business.id, businessCode: business.businessCode, name: business.name },
        year,
        now: now(),
        operations,
        events,
        members,
        certificates: certificates.map((c) => ({ ...c, beneficiaryType: c.beneficiaryType, status: c.status })),
      });
    },

    /** The caller's own consent to count their footprint in the report (owner or active member). */
    async sharing(userId: string, businessCode: string): Promise<BusinessReportSharing> {
      const { business } = await requireBusinessMemberOrOwner(db, userId, { businessCode });
      const row = await repo.sharing(business.id, userId);
      return { businessCode: business.businessCode, share: Boolean(row), sharedAt: row ? row.sharedAt.toISOString() : null };
    },

    async setSharing(userId: string, businessCode: string, share: boolean): Promise<BusinessReportSharing> {
      const { business } = await requireBusinessMemberOrOwner(db, userId, { businessCode });
      const row = await repo.setSharing(business.id, userId, share, now());
      return { businessCode: business.businessCode, share: Boolean(row), sharedAt: row ? row.sharedAt.toISOString() : null };
    },
  };
}
export type BusinessReportService = ReturnType<typeof createBusinessReportService>;
