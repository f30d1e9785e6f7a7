import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { businesses, businessMemberFootprints } from './business.ts';
import { carbonFootprints } from './carbon.ts';
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
  image: varchar('image', { length: 120 }).notNull().default(''),
  imageUrl: varchar('image_url', { length: 500 }).notNull().default(''),
  title: varchar('title', { length: 120 }).notNull().default(''),
  description: text('description').notNull().default(''),
  aboutUs: text('about_us').notNull().default(''),
  country: varchar('country', { length: 2 }).notNull().default(''),
  name: varchar('name', { length: 120 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  twitter: varchar('twitter', { length: 300 }).notNull().default(''),
  linkedin: varchar('linkedin', { length: 300 }).notNull().default(''),
  instagram: varchar('instagram', { length: 300 }).notNull().default(''),
  facebook: varchar('facebook', { length: 300 }).notNull().default(''),
  showName: boolean('show_name').notNull().default(false),
  showPhone: boolean('show_phone').notNull().default(false),
  showEmail: boolean('show_email').notNull().default(false),
  showTwitter: boolean('show_twitter').notNull().default(false),
  showLinkedin: boolean('show_linkedin').notNull().default(false),
  showInstagram: boolean('show_instagram').notNull().default(false),
  showFacebook: boolean('show_facebook').notNull().default(false),
  themeSelected: varchar('theme_selected', { length: 16 }).notNull().default('blue'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
