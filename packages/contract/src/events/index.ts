import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { CARBON_UNIT, MEAL_TYPES } from '../carbon/factors.ts';
import { CARBON_LIMITS } from '../carbon/result.ts';
import { travelLegRequestSchema } from '../carbon/schemas.ts';
import { EVENT_LIST_DEFAULT_PAGE_SIZE, EVENT_LIST_MAX_PAGE_SIZE, EVENT_MAX_ATTENDEES } from './rules.ts';

/**
 * Business events (spec §3 Business event: conferanceCode and businessCode; §6 owners manage
 * events, visitors read events by code; §7 Events calls). The spec shows no payloads; these are
 * ours: name, description, dates, location, country, expected attendees and an image. The
 * server makes the conference code (readable, unique, like business codes).
 */

export * from './rules.ts';

const uuid = z.uuid({ message: 'must be an id' });
export const eventIdParamsSchema = z.object({ id: uuid });
export const eventUserIdParamsSchema = z.object({ id: uuid });

/** A conference code as people type it from a slide: letters, digits, dashes; any letter case. */
export const conferanceCodeSchema = z
  .string({ error: 'Enter a conference code' })
  .trim()
  .min(3, 'A conference code has at least 3 characters')
  .max(40, 'A conference code has at most 40 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'A conference code uses letters, digits and dashes');

const businessCode = z
  .string({ error: 'Enter a business code' })
  .trim()
  .min(3, 'A business code has at least 3 characters')
  .max(40, 'A business code has at most 40 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'A business code uses letters, digits and dashes');

const isoDate = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} is a date like 2026-05-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2000-01-01' && value <= '2100-12-31';
    }, `The ${label} is not a real date between 2000 and 2100`);

const countrySchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), 'A country is a two-letter code')
  .transform((code) => code.toUpperCase());

/** Multipart fields arrive as text: a number field accepts "120" as well as 120. */
const expectedAttendeesSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: 'Expected attendees is a whole number' })
    .int('Expected attendees is a whole number')
    .min(1, 'Expect at least 1 attendee')
    .max(EVENT_MAX_ATTENDEES, `Expect at most ${EVENT_MAX_ATTENDEES.toLocaleString('en-US')} attendees`),
);

/** Only an image this server stored (POST multipart) may be named; '' removes it. */
export const eventImageUrlSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => value === '' || /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/.test(value), 'An event image is an image uploaded here');

const eventFields = {
  name: textField({ label: 'event name', max: 120, required: true }),
  description: textField({ label: 'description', max: 4000, multiline: true }).optional(),
  startDate: isoDate('start date'),
  endDate: isoDate('end date'),
  location: textField({ label: 'location', max: 200 }).optional(),
  country: countrySchema.optional(),
  expectedAttendees: expectedAttendeesSchema.optional(),
};

const datesInOrder = (body: { startDate?: string; endDate?: string }) => !body.startDate || !body.endDate || body.endDate >= body.startDate;
const datesMessage = { path: ['endDate'], message: 'The event cannot end before it starts' };

/** `POST /v1/business-events` (multipart): these fields, plus an optional file field `image`. */
export const eventCreateBodySchema = z.strictObject({ ...eventFields, businessCode: businessCode.optional() }).refine(datesInOrder, datesMessage);
export type EventCreateBody = z.input<typeof eventCreateBodySchema>;
export type EventCreateFields = z.output<typeof eventCreateBodySchema>;

/** `PUT /v1/business-events/{id}` (JSON or multipart): any of the fields; `imageUrl: ''` removes the image. */
export const eventUpdateBodySchema = z
  .strictObject({
    name: eventFields.name.optional(),
    description: eventFields.description,
    startDate: eventFields.startDate.optional(),
    endDate: eventFields.endDate.optional(),
    location: eventFields.location,
    country: eventFields.country,
    expectedAttendees: eventFields.expectedAttendees,
    imageUrl: eventImageUrlSchema.optional(),
  })
  .refine(datesInOrder, datesMessage);
export type EventUpdateBody = z.input<typeof eventUpdateBodySchema>;
export type EventUpdateFields = z.output<typeof eventUpdateBodySchema>;

export const eventListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(EVENT_LIST_MAX_PAGE_SIZE).default(EVENT_LIST_DEFAULT_PAGE_SIZE),
});
export const eventBusinessParamsSchema = z.object({ businessCode });
export const eventCodeParamsSchema = z.object({ code: conferanceCodeSchema });
export const eventByConferanceQuerySchema = z.object({ conferanceCode: conferanceCodeSchema });

/** `POST /v1/business-events/join {conferanceCode}` (ours: the spec names no join call for events). */
export const joinEventBodySchema = z.strictObject({ conferanceCode: conferanceCodeSchema });

/** One attendee's travel, hotel nights and meals: one attendee group of the event calculator (count 1). */
export const attendeeFootprintInputsSchema = z.strictObject({
  travel: z.array(travelLegRequestSchema).max(20, 'At most 20 journeys').default([]),
  hotel: z
    .array(
      z.object({
        country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}(-LND)?$/, 'must be an ISO 3166 alpha-2 country code (GB-LND for London)'),
        nights: z.number().nonnegative('must not be negative').max(CARBON_LIMITS.maxNights),
      }),
    )
    .max(10, 'At most 10 hotel stays')
    .default([]),
  meals: z
    .array(z.object({ type: z.enum(MEAL_TYPES), count: z.number().int('must be a whole number').min(0).max(CARBON_LIMITS.maxMealsPerAttendee) }))
    .max(10, 'At most 10 kinds of meal')
    .default([]),
  radiativeForcing: z.boolean().default(true),
});
export type AttendeeFootprintInputs = z.input<typeof attendeeFootprintInputsSchema>;

const emailSchema = z.string().trim().toLowerCase().max(254, 'An email address has at most 254 characters').pipe(z.email({ message: 'Enter a valid email address' }));

/**
 * `POST /v1/business-event-user-carbon-foot-prints`: an attendee's footprint for the event with
 * this conference code. Signed-in people record under their account's email; visitors give one.
 */
export const eventFootprintBodySchema = z.strictObject({
  conferanceCode: conferanceCodeSchema,
  email: emailSchema.optional(),
  name: textField({ label: 'name', max: 120 }).optional(),
  inputs: attendeeFootprintInputsSchema,
});
export type EventFootprintBody = z.input<typeof eventFootprintBodySchema>;
export type EventFootprintFields = z.output<typeof eventFootprintBodySchema>;

/** `GET /v1/business-event-user-carbon-foot-prints/specific?email=&conferanceCode=&businessCode=`. */
export const eventFootprintSpecificQuerySchema = z.object({
  email: emailSchema,
  conferanceCode: conferanceCodeSchema,
  businessCode: businessCode.optional(),
});

// --- responses ---------------------------------------------------------------------------------

/** What anyone may read about an event (spec §6: visitors read events by code). */
export const businessEventSchema = z.object({
  _id: z.string(),
  id: z.string(),
  businessCode: z.string(),
  businessName: z.string(),
  conferanceCode: z.string(),
  name: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  country: z.string(),
  expectedAttendees: z.number().int().nullable(),
  imageUrl: z.string(),
  /** People who joined the event. */
  attendeeCount: z.number().int(),
  /** On a read by conference code with a token: whether the caller joined. */
  joined: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessEvent = z.infer<typeof businessEventSchema>;

/** A person's place at an event (after joining). */
export const eventAttendanceSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  conferanceCode: z.string(),
  userId: z.string(),
  joinedAt: z.string(),
});
export type EventAttendance = z.infer<typeof eventAttendanceSchema>;

const breakdownSchema = z.object({ travel: z.number(), accommodation: z.number(), catering: z.number() });

/** One attendee's recorded footprint (kg CO2e, unrounded) with the calculator's result. */
export const eventFootprintSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  conferanceCode: z.string(),
  businessCode: z.string(),
  email: z.string(),
  name: z.string(),
  userId: z.string().nullable(),
  /** False while a visitor's record waits for its address to confirm it (it counts nowhere until then). */
  confirmed: z.boolean(),
  unit: z.literal(CARBON_UNIT),
  factorSetYear: z.number().int(),
  totalKg: z.number(),
  breakdown: breakdownSchema,
  notes: z.array(z.string()),
  inputs: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventFootprint = z.infer<typeof eventFootprintSchema>;

/** The owner's per-event figures (`GET /v1/business-events/stats/{businessCode}`). */
export const eventStatsSchema = z.object({
  event: businessEventSchema,
  attendeeCount: z.number().int(),
  footprintCount: z.number().int(),
  totalKg: z.number(),
  /** totalKg divided by the footprints recorded; 0 when none. */
  perAttendeeKg: z.number(),
  breakdown: breakdownSchema,
});
export type EventStats = z.infer<typeof eventStatsSchema>;

/** The owner's live view of one event (`GET /v1/business-events/live/{id}`). */
export const eventLiveSchema = eventStatsSchema.extend({
  attendees: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      userId: z.string().nullable(),
      joinedAt: z.string().nullable(),
      footprint: z.object({ totalKg: z.number(), breakdown: breakdownSchema, updatedAt: z.string() }).nullable(),
    }),
  ),
  /** True when more attendees exist than are listed (the figures above still cover all). */
  truncated: z.boolean(),
  refreshedAt: z.string(),
});
export type EventLive = z.infer<typeof eventLiveSchema>;

/** A member's footprint as `GET /v1/business-user-carbon-foot-prints/user/{id}` lists it. */
export const memberFootprintSchema = z.object({
  _id: z.string(),
  /** event: recorded for a business event; business: saved into the business (save-carbon-calculations). */
  source: z.enum(['event', 'business']),
  kind: z.string(),
  businessCode: z.string(),
  event: z.object({ _id: z.string(), name: z.string(), conferanceCode: z.string() }).nullable(),
  totalKg: z.number(),
  breakdown: z.record(z.string(), z.number()),
  createdAt: z.string(),
});
export type MemberFootprint = z.infer<typeof memberFootprintSchema>;
