import { is } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

/** The database or an open transaction: both run statements through Drizzle's session. */
type Runner = Pick<Database, 'execute'>;

/**
 * A statement the API sends on every cart change or order, by name: on PostgreSQL each connection
 * parses and plans it once, and node-postgres then sends only Bind and Execute, where an unnamed
 * statement is parsed, described and planned on every call (issue 28).
 *
 * One name, one text: node-postgres refuses a name it has prepared with another text, so the text
 * is fixed here and only the values change between calls.
 */
export interface NamedStatement {
  name: string;
  /** The SQL with $1, $2… placeholders. */
  text: string;
}

interface SessionInternals {
  session: {
    client: { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
    logger: { logQuery(text: string, params: unknown[]): void };
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> };
  };
}

/**
 * Runs `statement` with `values` on the database or in the open transaction `db`.
 *
 * On PostgreSQL the call goes straight to the connection Drizzle holds (the pool, or the
 * transaction's client). Building the statement with Drizzle's `sql` template and running it
 * through its prepared-query object cost 30–45 µs of the API's CPU per call under load (template,
 * query text, tracing spans, two query configs), a twentieth of a cart change; the text here is
 * made once. Drizzle's logger still sees the statement. PGlite has no named statements and runs it
 * through Drizzle's session as any statement.
 */
export async function runNamed<Row>(db: Runner, statement: NamedStatement, values: unknown[]): Promise<{ rows: Row[] }> {
  const { session } = db as unknown as SessionInternals;
  if (is(session as unknown, NodePgSession)) {
    session.logger.logQuery(statement.text, values);
    return (await session.client.query({ name: statement.name, text: statement.text, values })) as { rows: Row[] };
  }
  return (await session.prepareQuery({ sql: statement.text, params: values }, undefined, statement.name, false).execute()) as { rows: Row[] };
}
