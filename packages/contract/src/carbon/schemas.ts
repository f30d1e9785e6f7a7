import { z } from 'zod';
import { CABIN_CLASSES } from './flights.ts';
import { CARBON_UNIT, LEVELS, MEAL_TYPES } from './factors.ts';
import { CARBON_LIMITS } from './result.ts';
import { TRAVEL_MODES } from './travel.ts';

/**
 * Request and response schemas of the reference and carbon endpoints. The calculations
 * themselves live in ./index.ts without zod; these only check shape and bounds at the API edge
 * (the functions check again, so the browser gets the same rules without zod).
 */

// --- reference data ------------------------------------------------------------------------

export const countryListQuerySchema = z.object({
  /** The web calls with show=yes (spec §7); every listed country is shown, so it is accepted as is. */
  show: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(255).default(255),
});

export const countrySchema = z.object({
  entity: z.string(),
  countryCode: z.string(),
  currencyCode: z.string().nullable(),
  /** Tonnes of fossil CO2 per person per year (Our World in Data). */
  carbonCountryPerCapita: z.number(),
  /** The data year of carbonCountryPerCapita. */
  year: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;

export const AIRPORT_QUERY_MAX = 64;
export const airportSearchQuerySchema = z.object({
  q: z
    .string({ error: 'is required: type an IATA code, airport name or city' })
    .trim()
    .min(1, 'is required: type an IATA code, airport name or city')
    .max(AIRPORT_QUERY_MAX, `must be at most ${AIRPORT_QUERY_MAX} characters`),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const airportSchema = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  /** ISO 3166 alpha-2. */
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Airport = z.infer<typeof airportSchema>;

// --- shared pieces ---------------------------------------------------------------------------

const level = z.enum(LEVELS);
const nonNegative = (max: number) => z.number().nonnegative('must not be negative').max(max);
const count = (min: number, max: number) => z.number().int('must be a whole number').min(min).max(max);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(CARBON_LIMITS.maxListItems);
const iata = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3}$/, 'must be a 3-letter IATA airport code');
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 country code');

/** A flight by airport codes (resolved through the airport list) or by distance in km. */
export const flightLegRequestSchema = z
  .object({
    from: iata.optional(),
    to: iata.optional(),
    distanceKm: nonNegative(CARBON_LIMITS.maxDistanceKm).optional(),
    cabin: z.enum(CABIN_CLASSES).default('average'),
    roundTrip: z.boolean().default(false),
    travellers: count(1, CARBON_LIMITS.maxTravellers).default(1),
  })
  .superRefine((leg, ctx) => {
    const byAirports = leg.from !== undefined || leg.to !== undefined;
    if (byAirports && leg.distanceKm !== undefined) ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: 'give either distanceKm or from and to, not both' });
    else if (!byAirports && leg.distanceKm === undefined) ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: 'give distanceKm, or from and to airport codes' });
    else if (byAirports && leg.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required with to' });
    else if (byAirports && leg.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required with from' });
  });
export type FlightLegRequest = z.infer<typeof flightLegRequestSchema>;

/** A journey of an event attendee or a business: flights as above, other modes by distance. */
export const travelLegRequestSchema = z
  .object({
    mode: z.enum(TRAVEL_MODES),
    from: iata.optional(),
    to: iata.optional(),
    distanceKm: nonNegative(CARBON_LIMITS.maxDistanceKm).optional(),
    cabin: z.enum(CABIN_CLASSES).optional(),
    roundTrip: z.boolean().default(false),
    trips: count(1, CARBON_LIMITS.maxTrips).default(1),
    occupants: count(1, CARBON_LIMITS.maxCarOccupants).optional(),
  })
  .superRefine((leg, ctx) => {
    const byAirports = leg.from !== undefined || leg.to !== undefined;
    if (leg.mode !== 'flight' && byAirports) ctx.addIssue({ code: 'custom', path: ['from'], message: 'airport codes are only for flights; give distanceKm' });
    else if (byAirports && leg.distanceKm !== undefined) ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: 'give either distanceKm or from and to, not both' });
    else if (!byAirports && leg.distanceKm === undefined) ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: 'is required' });
    else if (byAirports && (leg.from === undefined || leg.to === undefined)) ctx.addIssue({ code: 'custom', path: [leg.from ? 'to' : 'from'], message: 'both from and to are needed' });
  });
export type TravelLegRequest = z.infer<typeof travelLegRequestSchema>;

const hotelStaySchema = z.object({
  /** ISO alpha-2; GB-LND for London. */
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}(-LND)?$/, 'must be an ISO 3166 alpha-2 country code (GB-LND for London)'),
  nights: nonNegative(CARBON_LIMITS.maxNights),
});
const spendLineSchema = z.object({
  naics: z.string().trim().regex(/^\d{6}$/, 'must be a 6-digit NAICS code'),
  usd: nonNegative(CARBON_LIMITS.maxUsd),
});

// --- requests --------------------------------------------------------------------------------

export const householdRequestSchema = z
  .object({
    /** ISO alpha-2 code of a country in the country list, or WORLD for the world average (OWID World). */
    country: z.string().trim().toUpperCase().regex(/^([A-Z]{2}|WORLD)$/, 'must be an ISO 3166 alpha-2 country code, or WORLD for the world average'),
    houseHoldMembers: count(1, CARBON_LIMITS.maxHouseholdMembers),
    publicTransportationMembers: count(0, CARBON_LIMITS.maxHouseholdMembers).default(0),
    income: level,
    houseSize: level.default('medium'),
    airTravel: level.default('medium'),
    meatConsumption: level.default('medium'),
    /** territorial (default, the country list's figure) or consumption-based CO2 (MODEL.md §4). */
    baseline: z.enum(['territorial', 'consumption']).default('territorial'),
    /** The household's flights with radiative forcing (default true), as in the flight calculator. */
    radiativeForcing: z.boolean().default(true),
    /** Add well-to-tank (fuel supply) to the household's flights; off when left out. */
    wellToTank: z.boolean().optional(),
  })
  .refine((input) => input.publicTransportationMembers <= input.houseHoldMembers, {
    path: ['publicTransportationMembers'],
    message: 'cannot be more than houseHoldMembers',
  });
export type HouseholdRequest = z.infer<typeof householdRequestSchema>;

export const flightsRequestSchema = z.object({
  legs: list(flightLegRequestSchema).min(1, 'add at least one flight'),
  radiativeForcing: z.boolean().default(true),
  /** Add well-to-tank (fuel supply) to flights; off when left out. */
  wellToTank: z.boolean().optional(),
});
export type FlightsRequest = z.infer<typeof flightsRequestSchema>;

export const eventRequestSchema = z.object({
  attendees: list(
    z.object({
      count: count(1, CARBON_LIMITS.maxAttendees).default(1),
      travel: list(travelLegRequestSchema).default([]),
      hotel: list(hotelStaySchema).default([]),
      meals: list(z.object({ type: z.enum(MEAL_TYPES), count: count(0, CARBON_LIMITS.maxMealsPerAttendee) })).default([]),
    }),
  ).min(1, 'add at least one attendee group'),
  venue: z.object({ usd: nonNegative(CARBON_LIMITS.maxUsd), naics: spendLineSchema.shape.naics.optional() }).optional(),
  otherSpend: list(spendLineSchema).default([]),
  radiativeForcing: z.boolean().default(true),
  /** Add well-to-tank (fuel supply) to flights; off when left out. */
  wellToTank: z.boolean().optional(),
});
export type EventRequest = z.infer<typeof eventRequestSchema>;

export const businessRequestSchema = z.object({
  spend: list(spendLineSchema).default([]),
  flights: list(flightLegRequestSchema).default([]),
  hotelStays: list(hotelStaySchema).default([]),
  surfaceTravel: list(travelLegRequestSchema).default([]),
  radiativeForcing: z.boolean().default(true),
  /** Add well-to-tank (fuel supply) to flights; off when left out. */
  wellToTank: z.boolean().optional(),
});
export type BusinessRequest = z.infer<typeof businessRequestSchema>;

// --- responses -------------------------------------------------------------------------------

export const factorUsedSchema = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  source: z.string(),
  year: z.number().int(),
  /** A modelling choice of MODEL.md rather than a published figure. */
  assumption: z.boolean().optional(),
});

const result = <T extends z.ZodRawShape>(breakdown: T) =>
  z.object({
    unit: z.literal(CARBON_UNIT),
    factorSetYear: z.number().int(),
    /** kg CO2e, unrounded: round only for display. */
    total: z.number(),
    breakdown: z.object(breakdown),
    notes: z.array(z.string()),
    /** Every factor the result used, with its source and year. */
    factors: z.array(factorUsedSchema),
  });

export const householdResultSchema = result({
  homeEnergy: z.number(),
  surfaceTransport: z.number(),
  goodsAndServices: z.number(),
  diet: z.number(),
  flights: z.number(),
}).extend({
  perPerson: z.number(),
  country: z.object({
    countryCode: z.string(),
    entity: z.string(),
    baseline: z.enum(['territorial', 'consumption']),
    /** Tonnes of CO2 per person per year used as B, and its data year. */
    perCapitaTonnes: z.number(),
    year: z.number().int(),
  }),
});

export const flightLegResultSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  distanceKm: z.number(),
  band: z.enum(['domestic', 'shortHaul', 'longHaul']),
  cabinApplied: z.enum(CABIN_CLASSES),
  kgPerPassengerKm: z.number(),
  /** Well-to-tank part of kgPerPassengerKm (0 unless wellToTank). */
  wttKgPerPassengerKm: z.number(),
  passengerKm: z.number(),
  total: z.number(),
});
export const flightsResultSchema = result({ domestic: z.number(), shortHaul: z.number(), longHaul: z.number() }).extend({ legs: z.array(flightLegResultSchema) });

export const eventResultSchema = result({
  travel: z.number(),
  accommodation: z.number(),
  catering: z.number(),
  venue: z.number(),
  otherSpend: z.number(),
}).extend({ attendees: z.number().int(), perAttendee: z.number() });

export const businessResultSchema = result({
  purchasedGoodsAndServices: z.number(),
  flights: z.number(),
  hotels: z.number(),
  surfaceTravel: z.number(),
}).extend({
  spendLines: z.array(z.object({ naics: z.string(), title: z.string(), kgPerUsd: z.number(), usd: z.number(), total: z.number() })),
});
