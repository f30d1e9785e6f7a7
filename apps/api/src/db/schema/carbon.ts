import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { users } from './users.ts';

/**
 * Saved footprints: the inputs as sent (after defaults), the result the server computed from
 * them, and the factor-set year of that computation, so history keeps meaning what it meant.
 */
export const carbonFootprints = pgTable(
  'carbon_footprints',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** household | flights | event | business */
    kind: varchar('kind', { length: 16 }).notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** kg CO2e, unrounded (the result's total, kept as a column for charts and sorting). */
    total: doublePrecision('total').notNull(),
    factorSetYear: integer('factor_set_year').notNull(),
    /** The owner chose to show it on their public sustainability page (issue 26 item 17); off by default. */
    public: boolean('public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carbon_footprints_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The fields of a sustainability profile (spec §3), shared by the personal and the business
 * profile tables; a function, so each table gets its own column builders.
 */
export function sustainabilityProfileColumns() {
  return {
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
  };
}

/** The personal sustainability profile of spec §3 (one per user; public at /sustainability/{users.slug}). */
export const sustainabilityProfiles = pgTable('sustainability_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...sustainabilityProfileColumns(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
