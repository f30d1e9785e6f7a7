import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { users } from './users.ts';

/**
 * User chains (spec §3, §4, §7): a relationship from a parent (upline) to a child (downline),
 * pending until the person who was asked answers. Two people have at most one chain of each
 * relationship, in either direction (the unordered pair is unique), so racing invitations end
 * with one row and a 409 for the other.
 */
export const userChains = pgTable(
  'user_chains',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    /**
     * The two people. The one who was asked by email (the child of an invitation, the parent of a
     * request) is null until an account that proved that address claims it (issue 23 item 4: an
     * invitation to an address looks the same whether or not it has an account).
     */
    parentUserId: uuid('parent_user_id').references(() => users.id, { onDelete: 'cascade' }),
    childUserId: uuid('child_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address the asker typed (lowercased), when they asked by email; shown to them instead of the person until accepted. */
    inviteeEmail: varchar('invitee_email', { length: 254 }),
    /** Who asked (the other one confirms): the parent for an invite, the child for a request or a link. */
    requestedByUserId: uuid('requested_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    relationship: varchar('relationship', { length: 16 }).notNull().$type<'referral' | 'friend' | 'family' | 'colleague'>(),
    acceptanceStatus: varchar('acceptance_status', { length: 16 }).notNull().default('pending').$type<'pending' | 'accepted' | 'rejected'>(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'invite' | 'request' | 'link'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_chains_pair_relationship_unique')
      .on(sql`least(${t.parentUserId}, ${t.childUserId})`, sql`greatest(${t.parentUserId}, ${t.childUserId})`, t.relationship)
      .where(sql`${t.parentUserId} is not null and ${t.childUserId} is not null`),
    /** One open invitation per asker, address and relationship while nobody has claimed it. */
    uniqueIndex('user_chains_unclaimed_unique')
      .on(sql`coalesce(${t.parentUserId}, ${t.childUserId})`, t.inviteeEmail, t.relationship)
      .where(sql`${t.parentUserId} is null or ${t.childUserId} is null`),
    index('user_chains_invitee_email_idx').on(t.inviteeEmail).where(sql`${t.parentUserId} is null or ${t.childUserId} is null`),
    index('user_chains_parent_idx').on(t.parentUserId, t.acceptanceStatus),
    index('user_chains_child_idx').on(t.childUserId, t.acceptanceStatus),
    check('user_chains_not_self', sql`${t.parentUserId} <> ${t.childUserId}`),
    check('user_chains_requester_is_party', sql`${t.requestedByUserId} in (${t.parentUserId}, ${t.childUserId})`),
    check('user_chains_unclaimed_has_email', sql`(${t.parentUserId} is not null and ${t.childUserId} is not null) or (${t.inviteeEmail} is not null and ${t.acceptanceStatus} = 'pending' and (${t.parentUserId} is not null or ${t.childUserId} is not null))`),
    check('user_chains_status_known', sql`${t.acceptanceStatus} in ('pending', 'accepted', 'rejected')`),
  ],
);
