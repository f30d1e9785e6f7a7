import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { users } from './users.ts';

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

/**
 * Newsletter subscribers, one row per (normalised) address, with double opt-in: a row starts
 * `pending` and becomes `subscribed` only through the emailed confirmation link (or at once for
 * a signed-in user's own verified email). Only the SHA-256 of the confirmation token is kept.
 * Unsubscribe links carry an HMAC of the row id instead (mailing-list.tokens.ts), so every mail
 * ever sent keeps a working link without storing a secret per mail.
 */
export const mailingListSubscribers = pgTable(
  'mailing_list_subscribers',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    email: varchar('email', { length: 254 }).notNull().unique(),
    status: varchar('status', { length: 16 }).notNull().default('pending').$type<SubscriberStatus>(),
    /** The account that subscribed while signed in, if any (informational only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmTokenHash: varchar('confirm_token_hash', { length: 64 }).unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** When the last confirmation mail was written: a second request within a minute gets 409. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailing_list_subscribers_status_idx').on(t.status)],
);
