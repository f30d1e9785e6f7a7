import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { products } from './catalog.ts';
import { users } from './users.ts';

/**
 * Operators of the shop (issue 24, decision 0028): an email with a role. `userId` is set once a
 * verified account has the email (at once, at start-up for ADMIN_EMAILS, or when it verifies);
 * until then the row is an invitation.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    /** Lowercased, as users.email. */
    email: varchar('email', { length: 254 }).notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 8 }).notNull().$type<'owner' | 'staff'>(),
    /** How the row came: ADMIN_EMAILS (config), the command line, or an owner in the console. */
    source: varchar('source', { length: 8 }).notNull().$type<'config' | 'cli' | 'console'>(),
    invitedByEmail: varchar('invited_by_email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_user_unique').on(t.userId), check('operators_role_check', sql`${t.role} in ('owner', 'staff')`)],
);

/**
 * An operator's second factor: the TOTP secret, encrypted (mfa.crypto.ts), the last time step
 * used (a code works once) and the wrong-code counter. `pendingSecret` holds an enrolment not yet
 * confirmed with a first code.
 */
export const operatorMfa = pgTable('operator_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  pendingSecret: text('pending_secret'),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** One-time recovery codes: only a SHA-256 of each is kept; `usedAt` once used. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_user_idx').on(t.userId)],
);

/** Admin sessions (after the second factor): the admin token's `sid`. Ended early by sign-out, role removal or a factor reset. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    usedRecoveryCode: smallint('used_recovery_code').notNull().default(0),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The audit log: every operator write, in the same transaction as the write. Never changed: a
 * trigger (migration, end of file) refuses UPDATE, DELETE and TRUNCATE. No foreign key to users,
 * so removing an account never has to touch (or could erase) the record of what it did.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: varchar('actor_email', { length: 254 }).notNull(),
    source: varchar('source', { length: 8 }).notNull().$type<'console' | 'cli' | 'system'>(),
    action: varchar('action', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: varchar('request_id', { length: 64 }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorEmail, t.at),
  ],
);

/**
 * The stock ledger: every change of units on hand, with the level it left. Operator changes
 * carry who and why; sales carry the order. `sizeId` has no foreign key: a removed size keeps
 * its history (with the label it had).
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id'),
    label: varchar('label', { length: 100 }).notNull().default('Stock'),
    delta: integer('delta').notNull(),
    resultingStock: integer('resulting_stock').notNull(),
    reason: varchar('reason', { length: 16 }).notNull(),
    note: varchar('note', { length: 300 }),
    actorUserId: uuid('actor_user_id'),
    actorEmail: varchar('actor_email', { length: 254 }),
    orderId: uuid('order_id'),
  },
  // By product, for the operator's stock page. Nothing reads the ledger by order (a sale's row
  // names its order only for that page's link), so order_id has no index (migration 0053).
  (t) => [index('stock_ledger_product_idx').on(t.productId, t.at)],
);

/** Tags an operator manages (names, order). Products keep their tags as names (products.tags); renames and merges rewrite those. */
export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  /** Added by a trigger whenever a product gets a tag no row has (migration, end of file). */
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

/** Newsletter issues written in the console and sent as a background job (newsletter.job.ts). */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
  subject: varchar('subject', { length: 200 }).notNull(),
  body: text('body').notNull(),
  status: varchar('status', { length: 8 }).notNull().default('draft').$type<'draft' | 'sending' | 'sent'>(),
  recipients: integer('recipients'),
  written: integer('written').notNull().default(0),
  /** The last subscriber id written: a resumed job goes on after it. */
  cursor: uuid('cursor'),
  /** While a process sends it: others leave it alone until then (a crashed sender's lease lapses). */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdByEmail: varchar('created_by_email', { length: 254 }).notNull(),
  sentByEmail: varchar('sent_by_email', { length: 254 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
