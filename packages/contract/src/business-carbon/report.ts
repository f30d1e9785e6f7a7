import { z } from 'zod';
import { businessCodeSchema } from '../business/index.ts';

/**
 * The business emissions report (issue 27 item 2; decisions 0049 and 0050): for a business and a
 * reporting year (calendar year, UTC), its footprint mapped to GHG Protocol Scope 3 categories,
 * its members' shared household footprints as a separate memo, and against them the tonnes
 * retired in its name (valid certificates only). JSON, CSV and PDF carry the same numbers.
 */

/** The first reporting year accepted; the last is the current one (checked by the server). */
export const REPORT_FIRST_YEAR = 2000;

/** The GHG Protocol categories the report uses, and the memo line outside the inventory. Why these: decision 0049. */
export const GHG_CATEGORIES = {
  'scope3.1': 'Scope 3, category 1: Purchased goods and services',
  'scope3.4': 'Scope 3, category 4: Upstream transportation and distribution',
  'scope3.5': 'Scope 3, category 5: Waste generated in operations',
  'scope3.6': 'Scope 3, category 6: Business travel',
  'memo.members': "Memo: members' household footprints (outside the inventory boundary)",
} as const;
export type GhgCategory = keyof typeof GHG_CATEGORIES;
export const GHG_CATEGORY_KEYS = Object.keys(GHG_CATEGORIES) as GhgCategory[];

/** Categories the report cannot fill from the data the product records, stated in every report. */
export const GHG_CATEGORIES_NOT_COVERED = [
  'Scope 1 and scope 2 (fuel burnt and electricity bought by the business): no meter or fuel data is recorded',
  'Scope 3, category 7: Employee commuting: members\' household footprints include commuting but cannot separate it, so they are a memo line',
  'Scope 3, categories 2, 3 and 8 to 15: not recorded',
] as const;

/**
 * The category of a spend line by its 2017 NAICS code (USEEIO v1.2 commodities): passenger
 * transport and accommodation are business travel, freight and warehousing upstream transport,
 * waste management waste; everything else is purchased goods and services.
 */
export function ghgCategoryOfNaics(naics: string): GhgCategory {
  if (/^(481|482|485|487|721)/.test(naics)) return 'scope3.6';
  if (/^(483|484|486|488|492|493)/.test(naics)) return 'scope3.4';
  if (/^562/.test(naics)) return 'scope3.5';
  return 'scope3.1';
}

const yearText = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'year must be four digits, e.g. 2026')
  .transform(Number)
  .refine((year) => year >= REPORT_FIRST_YEAR && year <= 2100, `year must be between ${REPORT_FIRST_YEAR} and this year`);

export const businessReportParamsSchema = z.object({ businessCode: businessCodeSchema, year: yearText });
export const businessReportSharingParamsSchema = z.object({ businessCode: businessCodeSchema });
/** `PUT …/carbon-inputs/{businessCode}?year=`: which year's inputs these are (default: this year). */
export const businessCarbonInputsQuerySchema = z.object({ year: yearText.optional() });

/** `PUT /v1/business-reports/{businessCode}/sharing`: the caller's own consent. */
export const businessReportSharingBodySchema = z.strictObject({ share: z.boolean({ error: 'share must be true or false' }) });
export const businessReportSharingSchema = z.object({ businessCode: z.string(), share: z.boolean(), sharedAt: z.string().nullable() });
export type BusinessReportSharing = z.infer<typeof businessReportSharingSchema>;

const REPORT_LINE_SOURCES = ['spend', 'activity', 'event', 'members'] as const;

/** One row of the inventory: a spend category, an activity, an event's part, or the members' memo. */
export const reportLineSchema = z.object({
  category: z.enum(GHG_CATEGORY_KEYS as [GhgCategory, ...GhgCategory[]]),
  source: z.enum(REPORT_LINE_SOURCES),
  label: z.string(),
  /** kg CO2e, unrounded. */
  kg: z.number(),
  usd: z.number().optional(),
  kgPerUsd: z.number().optional(),
  method: z.string(),
  factorSource: z.string(),
  factorYear: z.number().int(),
});
export type ReportLine = z.infer<typeof reportLineSchema>;

export const reportCertificateSchema = z.object({
  serial: z.string(),
  projectName: z.string(),
  standard: z.string().nullable(),
  country: z.string().nullable(),
  /** The project's vintage as listed when the certificate was issued (kept on it); null when none was stated. */
  vintage: z.number().int().nullable(),
  projectValidUntil: z.string().nullable(),
  tonnes: z.number(),
  beneficiaryType: z.enum(['person', 'business', 'event']),
  beneficiaryName: z.string(),
  issuedAt: z.string(),
  status: z.literal('valid'),
});
export type ReportCertificate = z.infer<typeof reportCertificateSchema>;

export const businessReportSchema = z.object({
  businessId: z.string(),
  businessCode: z.string(),
  businessName: z.string(),
  year: z.number().int(),
  /** The calendar year in UTC, both ends inclusive. */
  period: z.object({ from: z.string(), to: z.string() }),
  unit: z.literal('kg CO2e'),
  generatedAt: z.string(),
  lines: z.array(reportLineSchema),
  /** One figure per category (memo last), only those with something in them. */
  categories: z.array(z.object({ category: z.enum(GHG_CATEGORY_KEYS as [GhgCategory, ...GhgCategory[]]), label: z.string(), kg: z.number() })),
  operations: z.object({ recorded: z.boolean(), updatedAt: z.string().nullable(), kg: z.number() }),
  events: z.array(
    z.object({ eventId: z.string(), name: z.string(), startDate: z.string(), footprints: z.number().int(), travelKg: z.number(), accommodationKg: z.number(), cateringKg: z.number(), otherKg: z.number(), totalKg: z.number() }),
  ),
  members: z.object({
    shared: z.number().int(),
    /** People with a footprint saved in the year who have not chosen to share it. */
    notShared: z.number().int(),
    kg: z.number(),
    list: z.array(z.object({ name: z.string(), role: z.enum(['owner', 'employee', 'supplier', 'distributor']), totalKg: z.number(), savedAt: z.string() })),
  }),
  retired: z.object({
    tonnes: z.number(),
    certificates: z.array(reportCertificateSchema),
    /** Void certificates of the year (refunded): listed by count only, never counted. */
    voidExcluded: z.number().int(),
    byMonth: z.array(z.number()),
  }),
  totals: z.object({
    /** Scope 3 categories, kg CO2e. */
    inventoryKg: z.number(),
    membersKg: z.number(),
    /** inventory + members. */
    grossKg: z.number(),
    retiredKg: z.number(),
    /** inventory − retired. */
    netInventoryKg: z.number(),
    /** gross − retired; negative when more was retired than emitted. */
    netKg: z.number(),
  }),
  method: z.array(z.string()),
  notCovered: z.array(z.string()),
  sources: z.array(z.object({ name: z.string(), year: z.number().int() })),
});
export type BusinessReport = z.infer<typeof businessReportSchema>;
