import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { users } from './users.ts';

/** A business's postal address, as the contract's business address schema. */
export interface StoredBusinessAddress {
  line1: string;
  line2?: string | null;
  city: string;
  postalCode: string;
  region?: string | null;
  country: string;
}

/**
 * Business accounts (spec §3 Business profile). One per owner: `business-profiles/user/{userId}`
 * and the web's MyBusinessDetails are singular. Three join codes, one per role a joiner takes
 * (spec §4: employees with the business code, suppliers and distributors with their own), each
 * unique across all businesses so a code names exactly one business and one role.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    /** Readable and unique, e.g. GREENLEAF-7K2Q; employees join with it. */
    businessCode: varchar('business_code', { length: 32 }).notNull().unique(),
    supplierCode: varchar('supplier_code', { length: 32 }).notNull().unique(),
    distributorCode: varchar('distributor_code', { length: 32 }).notNull().unique(),
    /** Lowercase, URL-safe, unique; changeable by the owner (`business-slug/{id}`). */
    businessSlug: varchar('business_slug', { length: 80 }).notNull().unique(),
    description: text('description').notNull().default(''),
    website: varchar('website', { length: 300 }).notNull().default(''),
    logoUrl: varchar('logo_url', { length: 500 }).notNull().default(''),
    address: jsonb('address').$type<StoredBusinessAddress | null>(),
    /** ISO 3166-1 alpha-2, or '' when not given. */
    country: varchar('country', { length: 2 }).notNull().default(''),
    industry: varchar('industry', { length: 80 }).notNull().default(''),
    /** A size band of the contract (e.g. '1-10', '11-50'), or '' when not given. */
    size: varchar('size', { length: 16 }).notNull().default(''),
    /**
     * The business's own spend and travel inputs to the carbon model's business calculation,
     * as the contract's business request; the roll-up adds members' saved footprints to it.
     */
    carbonInputs: jsonb('carbon_inputs').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('businesses_name_idx').on(t.name)],
);

/**
 * People who joined a business with one of its codes. A person belongs to at most one business
 * at a time (`exit/business` takes no id; the web stores one JoinedBusinessDetails): the partial
 * unique index makes a second active membership impossible even when two joins race.
 * Leaving or being removed keeps the row (status exited/removed) for the business's history.
 */
export const businessMembers = pgTable(
  'business_members',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** employee | supplier | distributor: decided by the code used to join. */
    role: varchar('role', { length: 16 }).notNull(),
    /** active | exited | removed */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** The owner may give a member a job title or department (`update/user/{id}`). */
    title: varchar('title', { length: 80 }).notNull().default(''),
    department: varchar('department', { length: 80 }).notNull().default(''),
    /** The member's latest footprint saved into this business (kg CO2e), for the roll-up and stats. */
    carbonTotalKg: doublePrecision('carbon_total_kg'),
    carbonSavedAt: timestamp('carbon_saved_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('business_members_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('business_members_business_idx').on(t.businessId, t.status, t.joinedAt),
  ],
);

/**
 * Footprints a member saved into their business (`save-carbon-calculations`), kept as history;
 * `business-user-carbon-foot-prints/user/{id}` lists them. The result is the server's own
 * computation, as in carbon_footprints.
 */
export const businessMemberFootprints = pgTable(
  'business_member_footprints',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** household | flights | event | business: the carbon model's calculation kind. */
    kind: varchar('kind', { length: 16 }).notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** kg CO2e, unrounded. */
    totalKg: doublePrecision('total_kg').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_member_footprints_user_idx').on(t.userId, t.createdAt),
    index('business_member_footprints_business_idx').on(t.businessId, t.createdAt),
  ],
);
