import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../src/db/client.ts';
import { OUTBOX_SWEEP_MARKER } from '../src/modules/mail/mail.repository.ts';
import { SESSION_RECHECK_MARKER } from '../src/modules/users/users.repository.ts';
import type { TemplateKind } from './global-setup.ts';

/** The PostgreSQL URL of each test database, so a second app can open the same one. */
const urlOfDatabase = new WeakMap<DatabaseHandle, string>();

export interface TestDatabaseOptions extends Pick<OpenDatabaseOptions, 'logger' | 'worker'> {
  /**
   * On PGlite, start from a copy already migrated and seeded with the catalog (true) or with
   * reference data only (false); the app's own migrate and seed then find nothing to do. Left
   * out, the database starts empty, as on a first start.
   */
  seeded?: boolean;
}

/**
 * A real database for one test file: an in-memory PGlite by default, or, when DATABASE_URL is
 * set, a brand-new PostgreSQL database created beside it and dropped afterwards, so runs and
 * files never see each other's rows. Either starts as a copy of global-setup.ts's template
 * when `seeded` is given.
 */
export async function openTestDatabase({ seeded, ...options }: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ inMemory: true, template: seeded === undefined ? undefined : pgliteTemplate(seeded ? 'catalog' : 'reference'), ...options });

  const name = `cw_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const template = seeded === undefined ? undefined : inject('postgresTemplates')?.[seeded ? 'catalog' : 'reference'];
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), ...options });
  let dropped = false;
  const testHandle: DatabaseHandle = {
    ...handle,
    close: async () => {
      await handle.close();
      if (dropped) return;
      dropped = true;
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
  urlOfDatabase.set(testHandle, url.toString());
  return testHandle;
}

/** The saved PGlite copy of global-setup.ts; undefined when the suite runs without it (an empty database then). */
function pgliteTemplate(kind: TemplateKind): Uint8Array | undefined {
  const file = inject('pgliteTemplates')?.[kind];
  if (!file) return undefined;
  // Read once per worker (its files share this module): each database gets its own copy of the bytes.
  let template = templatesRead.get(file);
  if (!template) templatesRead.set(file, (template = readFileSync(file)));
  return template;
}
const templatesRead = new Map<string, Uint8Array>();

/**
 * Another handle on the database of `app`, as a second API process would open it: its own pool
 * on PostgreSQL; on PGlite (one process owns it) the same instance. Closing it leaves the
 * database to the first app, which drops it.
 */
async function openSameDatabase(app: FastifyInstance, options: Pick<OpenDatabaseOptions, 'logger'>): Promise<DatabaseHandle> {
  const url = urlOfDatabase.get(app.database);
  if (!url) return { ...app.database, close: async () => {} };
  return openDatabase({ databaseUrl: url, ...options });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Seed the catalog, countries and airports (default true). */
  seed?: boolean;
  /** Open the database of this app instead of a fresh one (a second API process). */
  sameDatabaseAs?: FastifyInstance;
  /** Sees every SQL statement the app sends through Drizzle. */
  logger?: OpenDatabaseOptions['logger'];
  /** Instead of the built-in test provider (which pays at once). */
  paymentProvider?: BuildAppOptions['paymentProvider'];
  /** Sees every verified payment event (BuildAppOptions.onPaymentEvent). */
  onPaymentEvent?: BuildAppOptions['onPaymentEvent'];
}

/** Builds the whole app on a fresh database; close it with `app.close()` in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = options.sameDatabaseAs
    ? await openSameDatabase(options.sameDatabaseAs, { logger: options.logger })
    : await openTestDatabase({ logger: options.logger, seeded: options.seed !== false });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_MAX: '1000',
      SEED_CATALOG: options.seed === false ? 'false' : 'true',
      // Run any file with the other upload store: UPLOAD_STORAGE=database on PGlite (decision 0060).
      ...(process.env.UPLOAD_STORAGE ? { UPLOAD_STORAGE: process.env.UPLOAD_STORAGE } : {}),
      ...options.env,
    },
    { inMemoryDatabase: true, ...options.config },
  );
  return buildApp(config, { database, paymentProvider: options.paymentProvider, onPaymentEvent: options.onPaymentEvent });
}

/** Parses an inject response body as JSON. */
export function json<T = any>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/** The rate limits counted in memory and synced in batches (decision 0020): the global one, and order placement's (exact: false). */
const BATCHED_LIMITS = ['global|', 'POST /api/v1/orders|'];

/**
 * Statements the app sends on its own timers, not for the request a test counts: the mail outbox
 * worker's polling, and on PostgreSQL the batched rate-limit counts (decision 0020), flushed
 * every 200 ms for earlier requests. Tests that count a request's SQL leave these out.
 */
export function isBackgroundStatement(query: string, params: unknown[] = []): boolean {
  if (/^\s*update\s+"?outbox_emails"?/i.test(query) || query.includes(`/* ${OUTBOX_SWEEP_MARKER} */`)) return true;
  // The newsletter sender's sweep looks for issues left mid-send (admin/newsletter).
  if (/^\s*select "id" from "newsletter_issues"/i.test(query)) return true;
  // A session in use checked again after the answer that started it (decision 0072).
  if (query.includes(`/* ${SESSION_RECHECK_MARKER} */`)) return true;
  return query.includes('rate_limit_windows') && Array.isArray(params[0]) && params[0].every((key) => BATCHED_LIMITS.some((prefix) => String(key).startsWith(prefix)));
}

/** The catalog's coalesced stock refresh (its reload and NOTIFY), timer-driven after the answers. */
export function isCoalescedStockRefresh(query: string, params: unknown[]): boolean {
  return /^\s*select p\.id, p\.stock, p\.reserved/i.test(query) || (query.includes('pg_notify') && String(params[1]).includes('"stock":true'));
}

/**
 * Lets the work earlier requests started after their answers finish (their mail, a NOTIFY heard
 * back and its reload), so a busy machine cannot slip those statements into the next count.
 */
export async function settleAfterAnswers(app: FastifyInstance): Promise<void> {
  await app.mail.flush();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
