/**
 * One part of `npm run bench`. A section gets the running product and returns rows to print
 * and targets to judge; run.ts prints them, writes them to the results file and exits 1 when a
 * target is missed. To add one (e.g. web.ts's `measureWeb(baseUrl)`), wrap it as
 *
 *     export const webSection: BenchSection = { name: 'web', run: ({ baseUrl }) => measureWeb(baseUrl) };
 *
 * and append it to `sections` in run.ts.
 */
export interface BenchContext {
  /** The product, started for this run on a free port (e.g. http://127.0.0.1:41234). */
  baseUrl: string;
  /**
   * A bare Fastify instance in the product's process, on another port. POST a list of
   * `{ path, headers }` to `${bareUrl}/__bench/copy` and it serves, at the same paths, the
   * exact bytes and headers the product answered (keyed by whether accept-encoding is sent).
   */
  bareUrl: string;
  database: 'pglite' | 'postgresql';
  /** Rows the data set (dataset.ts) wrote per table and the seconds it took; null with BENCH_DATASET=0. */
  dataset: (Record<string, number> & { seconds: number }) | null;
  /** The PostgreSQL database of this run (only with DATABASE_URL), for sections that start more processes. */
  databaseUrl?: string;
  /**
   * Stops the benchmark's own server process (SIGSTOP) until the returned function resumes it
   * (SIGCONT), for sections that measure other processes on the same database: running, it
   * hears every change they make (LISTEN/NOTIFY) and rebuilds its catalog, taking CPU from them.
   * Notifications wait in PostgreSQL meanwhile and are read when it resumes.
   */
  pauseProduct?: () => () => void;
}

export interface BenchTarget {
  name: string;
  /** What the target is, e.g. "≥ 80% of bare, 0 errors". */
  goal: string;
  /** What was measured, e.g. "93%, 0 errors". */
  actual: string;
  met: boolean;
}

export interface BenchSectionResult {
  /** Printed as a table (keys of the first row are the columns) and stored as they are. */
  rows: Record<string, string | number | null>[];
  targets: BenchTarget[];
  /** Lines printed above the table: how it was measured. */
  notes?: string[];
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<BenchSectionResult>;
}
