import { z } from 'zod';
import { lookupField } from '../common/text-policy.ts';
import { businessCodeSchema } from '../business/index.ts';
import { businessRequestSchema, businessResultSchema } from '../carbon/schemas.ts';
import { saveFootprintBodySchema } from '../carbon/saved-footprints.ts';
import { ownSustainabilityProfileSchema, publicSustainabilityProfileSchema } from '../sustainability/profile.ts';

/**
 * Carbon for businesses (MODEL.md §7) and the business-sustainability profile (spec §3).
 *
 * - Members (and the owner) save one of their own household footprints into their business:
 *   `PATCH /v1/business-user-profiles/save-carbon-calculations`. The server computes every
 *   number from inputs; a total sent by a client is never read (the schemas have no place for one).
 * - The owner records the business's own spend and travel (`PUT /v1/business-profiles/carbon-inputs/{businessCode}`)
 *   and reads the roll-up (`GET /v1/business-profiles/get/carbon-calculations?businessCode=`):
 *   operations (spend × USEEIO factor, flights, hotels) and people (members' footprints) kept
 *   apart, as MODEL.md §7 asks, their sum, and the offsets retired through the business's paid orders.
 */

/** Only household footprints are people emissions (MODEL.md §7); a flight or event footprint would double count. */
export const BUSINESS_SAVEABLE_KINDS = ['household'] as const;

/** The stored inputs as JSON, as for saved footprints. */
export const BUSINESS_CARBON_INPUT_MAX_BYTES = 32 * 1024;

/** How many people the roll-up lists by name (largest footprints first); the sums cover everyone. */
export const BUSINESS_ROLLUP_PEOPLE_LISTED = 100;

/**
 * `PATCH v1/business-user-profiles/save-carbon-calculations` (the spec shows no payload; this is
 * ours): either one of the caller's saved footprints by id, or a calculation (kind and inputs)
 * that the server computes. Saving the same footprint or the same inputs again changes nothing
 * but makes it the caller's current footprint again.
 */
export const saveBusinessCarbonBodySchema = z
  .strictObject({
    /** Which business, when the caller both owns one and belongs to another; default: the one they own, else the one they joined. */
    businessCode: businessCodeSchema.optional(),
    footprintId: z.uuid({ error: 'must be the id of one of your saved footprints' }).optional(),
    calculation: saveFootprintBodySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.footprintId === undefined && body.calculation === undefined) ctx.addIssue({ code: 'custom', path: ['footprintId'], message: 'give footprintId, or a calculation with kind and inputs' });
    if (body.footprintId !== undefined && body.calculation !== undefined) ctx.addIssue({ code: 'custom', path: ['calculation'], message: 'give either footprintId or calculation, not both' });
  });
export type SaveBusinessCarbonBody = z.input<typeof saveBusinessCarbonBodySchema>;

/** A footprint as saved into a business. */
export const businessCarbonSaveSchema = z.object({
  _id: z.string(),
  businessId: z.string(),
  businessCode: z.string(),
  businessName: z.string(),
  userId: z.string(),
  kind: z.enum(BUSINESS_SAVEABLE_KINDS),
  /** The saved footprint it came from; null when a calculation was sent. */
  footprintId: z.string().nullable(),
  /** kg CO2e, as the server computed it. */
  totalKg: z.number(),
  factorSetYear: z.number().int(),
  savedAt: z.string(),
  /** false when this footprint (or these inputs) had been saved into the business before. */
  created: z.boolean(),
});
export type BusinessCarbonSave = z.infer<typeof businessCarbonSaveSchema>;

/** `PUT /v1/business-profiles/carbon-inputs/{businessCode}`: the business model's inputs (empty lists clear them). */
export const businessCarbonInputsBodySchema = businessRequestSchema;
export type BusinessCarbonInputsBody = z.input<typeof businessCarbonInputsBodySchema>;

/** `GET /v1/business-profiles/carbon-inputs/{businessCode}?year=`: one reporting year's inputs as stored (owner only). */
export const businessCarbonYearInputsSchema = z.object({
  year: z.number().int(),
  /** null when nothing was recorded for the year. */
  inputs: businessRequestSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type BusinessCarbonYearInputs = z.infer<typeof businessCarbonYearInputsSchema>;

export const businessCodePathSchema = z.object({ businessCode: businessCodeSchema });
export const businessCodeQuerySchema = z.object({ businessCode: businessCodeSchema });

export const ROLLUP_CATEGORY_KINDS = ['spend', 'flights', 'hotels', 'surfaceTravel', 'people'] as const;

/** One bar of the roll-up: a spend category (by NAICS), an activity, or the members' footprints. */
export const rollupCategorySchema = z.object({
  key: z.string(),
  kind: z.enum(ROLLUP_CATEGORY_KINDS),
  label: z.string(),
  /** kg CO2e, unrounded. */
  kg: z.number(),
  /** Spend categories: the amount and factor. */
  usd: z.number().optional(),
  kgPerUsd: z.number().optional(),
});
export type RollupCategory = z.infer<typeof rollupCategorySchema>;

export const rollupPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'employee', 'supplier', 'distributor']),
  totalKg: z.number(),
  savedAt: z.string(),
});
export type RollupPerson = z.infer<typeof rollupPersonSchema>;

export const businessCarbonRollupSchema = z.object({
  businessId: z.string(),
  businessCode: z.string(),
  businessName: z.string(),
  unit: z.literal('kg CO2e'),
  factorSetYear: z.number().int(),
  /** The owner's inputs as stored (null until first saved). */
  inputs: businessRequestSchema.nullable(),
  /** The business model over the inputs (null without inputs). */
  operations: businessResultSchema.nullable(),
  people: z.object({
    /** Sum of the current footprints of the owner and the active members who saved one. */
    totalKg: z.number(),
    withFootprint: z.number().int(),
    activeMembers: z.number().int(),
    /** The largest footprints first, at most BUSINESS_ROLLUP_PEOPLE_LISTED. */
    list: z.array(rollupPersonSchema),
  }),
  /** Operations and people, one bar each category (largest first). */
  categories: z.array(rollupCategorySchema),
  /** operations.total + people.totalKg, kg CO2e. */
  totalKg: z.number(),
  /** Offsets (sold by the tonne) in the business's paid orders. */
  offsets: z.object({ tonnesRetired: z.number(), orders: z.number().int() }),
});
export type BusinessCarbonRollup = z.infer<typeof businessCarbonRollupSchema>;

// --- business-sustainability profile (spec §3) ------------------------------------------------

/** The owner's view: every field, the business it belongs to and where its public page lives. */
export const ownBusinessSustainabilityProfileSchema = ownSustainabilityProfileSchema.extend({
  businessCode: z.string(),
  businessName: z.string(),
});
export type OwnBusinessSustainabilityProfile = z.infer<typeof ownBusinessSustainabilityProfileSchema>;

/** The public view by the business's address name: hidden fields are absent. */
export const publicBusinessSustainabilityProfileSchema = publicSustainabilityProfileSchema.extend({
  businessName: z.string(),
});
export type PublicBusinessSustainabilityProfile = z.infer<typeof publicBusinessSustainabilityProfileSchema>;

export const businessSustainabilitySlugParamsSchema = z.object({
  slug: lookupField('an address name', 80, { lowercase: true }),
});
export * from './report.ts';
