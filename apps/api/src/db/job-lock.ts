import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

/**
 * Runs `work` unless another API host (or process) is running the same job right now, and answers
 * whether it ran (decision 0060). On PostgreSQL a transaction holds an advisory lock named after
 * the job while `work` runs on other connections; a host that cannot take it skips this run. On
 * the embedded PGlite one process owns the database, so the work simply runs (and must not wait
 * on a transaction there: PGlite has one connection).
 */
export async function aloneAcrossHosts(database: Pick<DatabaseHandle, 'db' | 'kind'>, job: string, work: () => Promise<void>): Promise<boolean> {
  if (database.kind === 'pglite') {
    await work();
    return true;
  }
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`carbonwise job: ${job}`})) as got`)) as unknown as { rows: { got: boolean }[] };
    if (result.rows[0]?.got !== true) return false;
    await work();
    return true;
  });
}
