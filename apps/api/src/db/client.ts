import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { createPostgresListener, type Listener } from './listen.ts';
import type { Announcement } from './announce.ts';
import { migrationsFolder } from '../paths.ts';
import type { Config } from '../config.ts';

/** Both drivers produce this type, so repositories never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgresql' | 'pglite';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `listener.onMessage` for every NOTIFY on `channel` (from any process on PostgreSQL; from
   * this PGlite instance otherwise). Returns a function that stops listening.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Calls this process's listeners of `channel` at once, as a NOTIFY would (announce.ts). */
  deliverHere(channel: string, payload: string): void;
  /** Sends NOTIFYs to the other processes in one statement (announce.ts); PGlite has none to tell. */
  sendAnnouncements?: (batch: Announcement[]) => Promise<void>;
}

/**
 * This process's PostgreSQL connection name. Triggers that tell other API processes about a write
 * (the carts trigger, migration 0031) send it along, so a process can tell its own writes apart.
 */
export const API_CONNECTION_NAME = `carbonwise-api:${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Connections to PostgreSQL (DATABASE_POOL_SIZE); 10 when not given. Ignored with PGlite. */
  poolSize?: number;
  /** Directory for PGlite's files; ignored with databaseUrl or inMemory. */
  dataDir?: string;
  inMemory?: boolean;
  /**
   * A PGlite data directory to start from (a tarball from `dumpDataDir`), instead of creating
   * an empty cluster: the tests start each database from a migrated, seeded copy (initdb alone
   * takes ~3 s of a 2-core machine, loading a copy well under 1 s). Ignored with databaseUrl.
   */
  template?: Uint8Array;
  /** Sees every SQL statement Drizzle sends (tests count queries with it). */
  logger?: Logger;
  /**
   * PGlite in a worker thread (PGLITE_WORKER, decision 0063) instead of on this thread. Left out,
   * the PGLITE_WORKER environment variable decides ('0' off, anything else on: the default).
   */
  worker?: boolean;
}

/** The configured database (DATABASE_URL, DATABASE_POOL_SIZE, DATA_DIR): what the server and the scripts open. */
export function configuredDatabase(config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>): OpenDatabaseOptions {
  return { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir };
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite (same SQL, same migrations). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A request waits up to 15 s for one of the pool's connections (10 by default): a burst of buyers of one product
    // queues them all behind its row lock, and on a busy 2-core host 200 such orders took over
    // 5 s (the old limit), failing the last ones with a 500 although they would have been served.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, application_name: API_CONNECTION_NAME, max: options.poolSize ?? 10, connectionTimeoutMillis: 15_000 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzle({ client: pool, schema, logger: options.logger });
    // One LISTEN connection for every channel of this process (listen.ts).
    const listener = createPostgresListener(options.databaseUrl);
    let ended = false;
    return {
      db: db as unknown as Database,
      kind: 'postgresql',
      migrate: () => migrate(db, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // Safe to call twice (health checks and shutdown may both close).
      close: async () => {
        if (ended) return;
        ended = true;
        await pool.end();
      },
      listen: listener.listen,
      deliverHere: listener.deliverHere,
      sendAnnouncements: listener.send,
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir ?? './data', 'pg');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = (options.worker ?? process.env.PGLITE_WORKER !== '0') ? await openPGliteThread(dataPath, options.template) : await openPGliteHere(dataPath, options.template);
  const db = drizzle({ client: client as PGliteClient, schema, logger: options.logger });
  // This instance's listeners, for announcements made here (the only process there is).
  const listeners = new Map<string, Set<Listener>>();
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, listener.onMessage);
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set.add(listener));
      return async () => {
        set.delete(listener);
        if (!client.closed) await unlisten();
      };
    },
    deliverHere: (channel, payload) => {
      for (const listener of listeners.get(channel) ?? []) listener.onMessage(payload);
    },
  };
}

type PGliteClient = import('@electric-sql/pglite').PGlite;

async function openPGliteHere(dataDir: string | undefined, template: Uint8Array | undefined): Promise<PGliteClient> {
  const { startPGlite } = await import('./pglite-start.js');
  return startPGlite(dataDir, template);
}

/** The same database on another core: Drizzle's driver only calls what PGliteThread has (query, transaction). */
async function openPGliteThread(dataDir: string | undefined, template: Uint8Array | undefined): Promise<PGliteClient> {
  const { PGliteThread } = await import('./pglite-thread.ts');
  return (await PGliteThread.open({ dataDir, template })) as unknown as PGliteClient;
}
