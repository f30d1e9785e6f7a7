import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every API process on PostgreSQL (decision 0020): one row per
 * limiter and client, counting that client's requests in its current fixed window. Written by one
 * atomic upsert per hit (or per batch of hits), so concurrent processes never lose a count.
 * UNLOGGED in the migration: counters need not survive a crash, and skipping the WAL makes each
 * write cheaper. Expired rows are deleted once a window. No index on reset_at: the sweep is rare
 * and a table of live clients is small, while an index would make every counting update costlier.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  /** Limiter and client, e.g. `global|203.0.113.7` or `POST /api/auth/login|203.0.113.7`. */
  key: text('key').primaryKey(),
  /** Requests counted in the window, refused ones included (as in the in-memory counter). */
  count: integer('count').notNull(),
  /** When the window ends; the next request after it starts a new one at 1. */
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
