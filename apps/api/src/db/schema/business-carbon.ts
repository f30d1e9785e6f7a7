import { index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { businesses, businessMemberFootprints } from './business.ts';
import { carbonFootprints, sustainabilityProfileColumns } from './carbon.ts';
import { users } from './users.ts';

/**
 * Which footprint each person saved into a business (`save-carbon-calculations`), one row per
 * person, business and source, so saving the same footprint (or the same inputs) again adds
 * nothing: the unique index holds even when two saves race. The numbers live in
 * business_member_footprints (the history); a person's current footprint for the roll-up is
 * their row with the latest `savedAt`.
 */
export const businessCarbonSaves = pgTable(
  'business_carbon_saves',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `footprint:<id>` for a saved footprint, `inputs:<sha256 of the inputs>` for a calculation. */
    sourceKey: varchar('source_key', { length: 80 }).notNull(),
    /** The personal saved footprint it came from; kept when that one is later deleted. */
    footprintId: uuid('footprint_id').references(() => carbonFootprints.id, { onDelete: 'set null' }),
    memberFootprintId: uuid('member_footprint_id')
      .notNull()
      .references(() => businessMemberFootprints.id, { onDelete: 'cascade' }),
    /** Set again when the same source is saved again: it becomes the person's current one. */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_carbon_saves_source_unique').on(t.businessId, t.userId, t.sourceKey),
    index('business_carbon_saves_current_idx').on(t.businessId, t.userId, t.savedAt),
  ],
);

/** The business-sustainability profile of spec §3 (one per business; public at /business-sustainability/{businessSlug}). */
export const businessSustainabilityProfiles = pgTable('business_sustainability_profiles', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  ...sustainabilityProfileColumns(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's consent to have their footprint saved into the business counted, with their name,
 * in the business's emissions report (decision 0050): a row means yes; none (the default) means
 * no. Each person decides for themselves, the owner included.
 */
export const businessReportSharing = pgTable(
  'business_report_sharing',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] })],
);

/**
 * The business calculator's inputs for one reporting year (decision 0049): the owner's spend
 * and travel as saved for that year. The emissions report of a year reads only its own row,
 * so a later year's spend never lands in an earlier report.
 */
export const businessCarbonYearInputs = pgTable(
  'business_carbon_year_inputs',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.year] })],
);
