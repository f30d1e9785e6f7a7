import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who uploaded each stored image (issue 23 item 7), so an account's allowance and the sweep of
 * unreferenced files are exact. The file itself lives behind the upload store (upload-store.ts);
 * this row is its ledger entry and goes with it. Files from before this table have no row: the
 * sweep still removes them once nothing refers to them.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The stored name (32 hex characters and the extension), served at `/uploads/<name>`. */
    name: varchar('name', { length: 64 }).primaryKey(),
    /** Null once the account is deleted: the file then waits for the sweep like any unreferenced one. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    bytes: integer('bytes').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerUserId), index('uploads_created_idx').on(t.createdAt)],
);
