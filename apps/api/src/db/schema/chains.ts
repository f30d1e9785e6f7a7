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
    parentUserId: uuid('parent_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    childUserId: uuid('child_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked (the other one confirms): the parent for an invite, the child for a request or a link. */
    requestedByUserId: uuid('requested_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    relationship: varchar('relationship', { length: 16 }).notNull().$type<'referral' | 'friend' | 'family' | 'colleague'>(),
    acceptanceStatus: varchar('acceptance_status', { length: 16 }).notNull().default('pending').$type<'pending' | 'accepted' | 'rejected'>(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'invite' | 'request' | 'link'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_chains_pair_relationship_unique').on(sql`least(${t.parentUserId}, ${t.childUserId})`, sql`greatest(${t.parentUserId}, ${t.childUserId})`, t.relationship),
    index('user_chains_parent_idx').on(t.parentUserId, t.acceptanceStatus),
    index('user_chains_child_idx').on(t.childUserId, t.acceptanceStatus),
    check('user_chains_not_self', sql`${t.parentUserId} <> ${t.childUserId}`),
    check('user_chains_requester_is_party', sql`${t.requestedByUserId} in (${t.parentUserId}, ${t.childUserId})`),
    check('user_chains_status_known', sql`${t.acceptanceStatus} in ('pending', 'accepted', 'rejected')`),
  ],
);
