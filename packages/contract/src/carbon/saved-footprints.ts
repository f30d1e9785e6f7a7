import { z } from 'zod';
import {
  businessRequestSchema,
  businessResultSchema,
  eventRequestSchema,
  eventResultSchema,
  flightsRequestSchema,
  flightsResultSchema,
  householdRequestSchema,
  householdResultSchema,
} from './schemas.ts';

/**
 * Saved footprints (a signed-in user's history). The client sends only the kind and the inputs;
 * the server recomputes the result with the contract's functions and stores it with the
 * factor-set year, so a later factor update never silently changes a saved number.
 */
export const FOOTPRINT_KINDS = ['household', 'flights', 'event', 'business'] as const;
export type FootprintKind = (typeof FOOTPRINT_KINDS)[number];

export const SAVED_FOOTPRINT_LIMITS = {
  /** Footprints kept per user; beyond it the owner deletes old ones first (409). */
  maxKept: 1_000,
  /** Saves per user per UTC day (429 beyond it): a history, not a data store. */
  maxPerDay: 100,
  /** The stored inputs as JSON; the list limits alone would allow ~100 kB of legs. */
  maxInputBytes: 32 * 1024,
} as const;

export const saveFootprintBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('household'), inputs: householdRequestSchema }),
    z.object({ kind: z.literal('flights'), inputs: flightsRequestSchema }),
    z.object({ kind: z.literal('event'), inputs: eventRequestSchema }),
    z.object({ kind: z.literal('business'), inputs: businessRequestSchema }),
  ],
  { error: `kind must be one of ${FOOTPRINT_KINDS.join(', ')}` },
);
export type SaveFootprintBody = z.infer<typeof saveFootprintBodySchema>;

const savedBase = {
  _id: z.string(),
  /** kg CO2e, the result's total (repeated for lists and charts). */
  total: z.number(),
  factorSetYear: z.number().int(),
  /** Shown on the owner's public sustainability page (they chose it; off by default). */
  public: z.boolean(),
  createdAt: z.string(),
};

export const savedFootprintSchema = z.discriminatedUnion('kind', [
  z.object({ ...savedBase, kind: z.literal('household'), inputs: z.record(z.string(), z.unknown()), result: householdResultSchema }),
  z.object({ ...savedBase, kind: z.literal('flights'), inputs: z.record(z.string(), z.unknown()), result: flightsResultSchema }),
  z.object({ ...savedBase, kind: z.literal('event'), inputs: z.record(z.string(), z.unknown()), result: eventResultSchema }),
  z.object({ ...savedBase, kind: z.literal('business'), inputs: z.record(z.string(), z.unknown()), result: businessResultSchema }),
]);
export type SavedFootprint = z.infer<typeof savedFootprintSchema>;

export const footprintListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(FOOTPRINT_KINDS, { error: `must be one of ${FOOTPRINT_KINDS.join(', ')}` }).optional(),
});

export const latestFootprintQuerySchema = footprintListQuerySchema.pick({ kind: true });

export const footprintIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a footprint id' }) });

/** `PATCH /v1/carbon/footprints/{id}`: show the footprint on your public page, or stop showing it. */
export const footprintVisibilityBodySchema = z.strictObject({ public: z.boolean({ error: 'must be true or false' }) });
export type FootprintVisibilityBody = z.infer<typeof footprintVisibilityBodySchema>;

/** What a user has offset so far: tonnes of CO2e retired through paid offset purchases. */
export const offsetsRetiredSchema = z.object({
  tonnesRetired: z.number(),
  /** Paid orders those tonnes came from. */
  orders: z.number().int(),
});
export type OffsetsRetired = z.infer<typeof offsetsRetiredSchema>;
