import { customType, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The bytes of uploaded images when they are kept in the database (decision 0060: every API host
 * on one PostgreSQL serves them). Keyed by the stored name like `uploads`, but without a foreign
 * key to it: the store writes the bytes before the ledger row is written in its own transaction,
 * and files from before the ledger have no row.
 */
export const uploadContents = pgTable('upload_contents', {
  name: varchar('name', { length: 64 }).primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
