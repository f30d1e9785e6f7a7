import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';

/**
 * Accounts. `tokenVersion` is carried in every JWT: bumping it (password change or reset)
 * invalidates all older tokens without any server-side session store.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  /** Always stored lowercased and trimmed; unique. */
  email: varchar('email', { length: 254 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 80 }).notNull(),
  lastName: varchar('last_name', { length: 80 }).notNull(),
  slug: varchar('slug', { length: 120 }).notNull().unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  recoveryEmail: varchar('recovery_email', { length: 254 }),
  phone: varchar('phone', { length: 32 }),
  tokenVersion: integer('token_version').notNull().default(0),
  /**
   * More than one sign-up used this email before it was verified. Whoever verifies then chooses
   * the password (and name): no sign-up's typed password may open the account (decision 0005).
   */
  competingSignUps: boolean('competing_sign_ups').notNull().default(false),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  billingAddress: jsonb('billing_address').$type<Record<string, string> | null>(),
  addressCountry: varchar('address_country', { length: 2 }),
  selectedCountry: varchar('selected_country', { length: 2 }),
  checkoutDefaultCurrency: varchar('checkout_default_currency', { length: 3 }).notNull().default('USD'),
  /** Currency strength level of spec §4: 0 default, 1 address country, 2 selected country, 3 forced. */
  currencyStrength: smallint('currency_strength').notNull().default(0),
  temporaryCheckoutCurrency: varchar('temporary_checkout_currency', { length: 3 }),
  /** Who referred this customer (spec §4 Referral), if anyone. */
  referredByUserId: uuid('referred_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Sign-in locked by an operator (customers/{id}/lock): login refuses it and its sessions end. */
  signInLockedAt: timestamp('sign_in_locked_at', { withTimezone: true }),
  signInLockedReason: varchar('sign_in_locked_reason', { length: 300 }),
  signInLockedBy: varchar('sign_in_locked_by', { length: 254 }),
  /**
   * The customer deleted their account (decision 0045): the row stays only as the anonymous
   * holder of what the books keep (paid orders, certificates, kept reviews); its email is a
   * placeholder, so the address is free to sign up again, and it can never sign in.
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('users_referred_by_idx').on(t.referredByUserId)]);
