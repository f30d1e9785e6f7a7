import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { businesses } from './business.ts';
import { users } from './users.ts';

/**
 * Business events (spec §3 Business event, §7 Events). The conference code is made by the server,
 * readable and unique (people type it from a slide); visitors find the event by it.
 */
export const businessEvents = pgTable(
  'business_events',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    conferanceCode: varchar('conferance_code', { length: 40 }).notNull().unique(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    /** Calendar dates (YYYY-MM-DD) as the owner typed them: an event's day does not move with time zones. */
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    location: varchar('location', { length: 200 }).notNull().default(''),
    /** ISO 3166-1 alpha-2, or ''. */
    country: varchar('country', { length: 2 }).notNull().default(''),
    expectedAttendees: integer('expected_attendees'),
    /** `/uploads/<name>` from the upload store, or ''. */
    imageUrl: varchar('image_url', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_events_business_idx').on(t.businessId, t.startDate)],
);

/** Signed-in people who joined an event by its conference code; once each. */
export const businessEventAttendees = pgTable(
  'business_event_attendees',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    eventId: uuid('event_id')
      .notNull()
      .references(() => businessEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_event_attendees_event_user').on(t.eventId, t.userId), index('business_event_attendees_user_idx').on(t.userId)],
);

/**
 * An attendee's footprint for an event: one per email per event (a second submission replaces
 * it, by the unique index and an upsert). `userId` is set when a signed-in person recorded it;
 * such a record can then be replaced only by that person. Components are columns so the owner's
 * totals are one aggregate query.
 */
export const businessEventFootprints = pgTable(
  'business_event_footprints',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    eventId: uuid('event_id')
      .notNull()
      .references(() => businessEvents.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 120 }).notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    notes: jsonb('notes').$type<string[]>().notNull(),
    factorSetYear: integer('factor_set_year').notNull(),
    /** kg CO2e, unrounded. */
    totalKg: doublePrecision('total_kg').notNull(),
    travelKg: doublePrecision('travel_kg').notNull(),
    accommodationKg: doublePrecision('accommodation_kg').notNull(),
    cateringKg: doublePrecision('catering_kg').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_event_footprints_event_email').on(t.eventId, t.email), index('business_event_footprints_user_idx').on(t.userId)],
);

/**
 * A visitor's footprint waiting for its address to confirm it (issue 23 item 5, decision 0023):
 * it counts nowhere (event totals, live view, the person's history) until the emailed link is
 * followed, which moves it into business_event_footprints. One per event and address: a newer
 * submission replaces the values and the link. Only the link's SHA-256 is kept.
 */
export const businessEventFootprintClaims = pgTable(
  'business_event_footprint_claims',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    eventId: uuid('event_id')
      .notNull()
      .references(() => businessEvents.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 120 }).notNull().default(''),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    notes: jsonb('notes').$type<string[]>().notNull(),
    factorSetYear: integer('factor_set_year').notNull(),
    totalKg: doublePrecision('total_kg').notNull(),
    travelKg: doublePrecision('travel_kg').notNull(),
    accommodationKg: doublePrecision('accommodation_kg').notNull(),
    cateringKg: doublePrecision('catering_kg').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_event_footprint_claims_event_email').on(t.eventId, t.email), index('business_event_footprint_claims_expires_idx').on(t.expiresAt)],
);
