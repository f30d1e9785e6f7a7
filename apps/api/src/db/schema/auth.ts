import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Failed-login counters keyed by the email that was tried, whether or not an account has it,
 * so answers never reveal which emails are registered.
 */
export const loginThrottles = pgTable('login_throttles', {
  email: varchar('email', { length: 254 }).primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
});

export type OneTimeCodePurpose = 'register' | 'reset_password' | 'recovery_email' | 'primary_email';

/** 6-digit codes sent by email. Only an HMAC of the code is stored; one live code per user and purpose. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 32 }).notNull().$type<OneTimeCodePurpose>(),
    codeHash: text('code_hash').notNull(),
    /** The address being proven (email changes); null when it is the account's own email. */
    targetEmail: varchar('target_email', { length: 254 }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** sign_up_proof: the hash of a sign-up's proof (sign-up-proof.ts); it is never sent in a link. */
export type ActionTokenPurpose = 'verify_email' | 'reset_password' | 'primary_email' | 'sign_up_proof';

/** Single-use tokens behind email links and multi-step flows. Only a SHA-256 of the token is stored. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 32 }).notNull().$type<ActionTokenPurpose>(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    targetEmail: varchar('target_email', { length: 254 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Transactional outbox: an email is written in the same transaction as the change that causes
 * it, then delivered after commit (SMTP, or kept here for the dev mailbox) and retried on failure.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    template: varchar('template', { length: 48 }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * A mail still to be rendered (mail.deferred.ts): its template's input, html and text empty
     * until the dispatcher renders it after the commit; null once rendered and for other mail.
     */
    render: jsonb('render').$type<{ template: 'order-confirmation'; input: unknown }>(),
    /** Extra mail headers, e.g. List-Unsubscribe on newsletter mail (null for most mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: varchar('status', { length: 16 }).notNull().default('pending').$type<'pending' | 'sending' | 'sent' | 'failed'>(),
    transport: varchar('transport', { length: 16 }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The newsletter issue this mail carries (its delivery counts); null for every other mail. */
    newsletterIssueId: uuid('newsletter_issue_id'),
  },
  (t) => [
    // Only mail not yet sent is indexed for the worker (migration 0048): a sent mail leaves these
    // indexes, so finding what is due does not walk every mail ever sent.
    index('outbox_emails_pending_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_emails_sending_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    index('outbox_emails_to_idx').on(t.toAddress, t.createdAt),
    index('outbox_emails_newsletter_idx').on(t.newsletterIssueId, t.status).where(sql`${t.newsletterIssueId} is not null`),
  ],
);

/** Earnings credited to a referrer when a referred customer's order is paid (written by orders). */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The paid order this share is of: one earning per order, whatever retries or races (null only for rows older than this column). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** Set on a reversal (a negative amount) for a refund of the order: one per refund; rows are never deleted (decision 0042). */
    refundId: uuid('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_earnings_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('referral_earnings_order_unique').on(t.orderId).where(sql`${t.refundId} is null`),
    uniqueIndex('referral_earnings_refund_unique').on(t.refundId),
  ],
);

/**
 * Sessions ended by `POST /auth/logout` before their expiry: the token's id (jti) is refused
 * until the token would have expired anyway, when the row can go.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenId: uuid('token_id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
