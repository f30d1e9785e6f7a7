import pg from 'pg';

/**
 * Starts a reading of the write-ahead log PostgreSQL writes (undefined without PostgreSQL); the
 * returned function answers bytes per loop. It reads the whole server's WAL position, so it counts
 * whatever else writes meanwhile (the rounds run one at a time, the product's background work
 * included, and a checkpoint's first writes to each page add a full page image).
 */
export async function walReadings(databaseUrl: string | undefined) {
  if (!databaseUrl) return async () => undefined;
  const ask = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ value: string }>(text, values)).rows[0]!.value;
    } finally {
      await client.end();
    }
  };
  const start = await ask('SELECT pg_current_wal_lsn()::text AS value');
  return async (loops: number) => Number(await ask('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS value', [start])) / Math.max(1, loops);
}
