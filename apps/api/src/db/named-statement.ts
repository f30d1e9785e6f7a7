import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The database or an open transaction: both run statements through Drizzle's session. */
type Runner = Pick<Database, 'execute'>;

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
}

/**
 * Runs `query` as the named prepared statement `name` (issue 28): on PostgreSQL each connection
 * parses and plans it once, and node-postgres then sends only Bind and Execute, where an unnamed
 * statement is parsed, described and planned on every call. For the calls every cart change and
 * order makes (`select cart_apply(…)`, `select place_order(…)`). PGlite has no named statements
 * and runs it as `execute` would. Drizzle's logger sees it as any statement.
 *
 * One name, one text: node-postgres refuses a name it has prepared with another text, so `query`
 * may differ between calls only in its values.
 */
export async function executeNamed<Row>(db: Runner, name: string, query: SQL): Promise<{ rows: Row[] }> {
  // Drizzle's execute() prepares every statement unnamed; its session takes a name (as .prepare(name) does).
  const { dialect, session } = db as unknown as DrizzleInternals;
  return (await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as { rows: Row[] };
}
