import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.mjs';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';

/**
 * Runs once before the API suite on PGlite: builds the two databases tests start from (migrated
 * with reference data, and with the seeded catalog too) and saves each as a PGlite data
 * directory. Every test database then starts as a copy of one (helper.ts) instead of creating
 * an empty cluster, migrating and seeding: ~1.2 s instead of ~3.5 s per database on this
 * 2-core machine, for ~150 databases a run. A copy holds exactly what those steps write.
 * On PostgreSQL (DATABASE_URL) the same two are built as template databases, and each test
 * database is a `CREATE DATABASE … TEMPLATE` copy of one (a file copy inside the server)
 * instead of 36 migrations and a seed per file.
 */
export const TEMPLATE_KINDS = ['reference', 'catalog'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: Partial<Record<TemplateKind, string>>;
    /** Names of the template databases on DATABASE_URL's server. */
    postgresTemplates: Partial<Record<TemplateKind, string>>;
  }
}

export default async function setup(project: TestProject) {
  // The tests that start the real server process run the built one, as `npm start` does (decision
  // 0070): built here once per run, from the sources under test, so it is never stale.
  await (globalThis.__serverBuilt ??= buildServer());
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplates', {});
    return setupPostgresTemplates(project, process.env.DATABASE_URL);
  }
  project.provide('postgresTemplates', {});
  // The API, PGlite-worker and browser projects each run this setup; the templates are built
  // once per run and shared (three builds cost ~40 s of a CI run in which nothing else ran).
  const shared = (globalThis.__pgliteTemplates ??= { built: buildPgliteTemplates(), users: 0 });
  shared.users += 1;
  const templates = await shared.built;
  project.provide('pgliteTemplates', templates);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    for (const file of Object.values(templates)) rmSync(file, { force: true });
    globalThis.__pgliteTemplates = undefined;
  };
}

declare global {
  // The server built for this run, shared by every project's setup (see above).
  var __serverBuilt: Promise<void> | undefined;
  // The PGlite templates of this run, shared by every project's setup (see above).
  var __pgliteTemplates: { built: Promise<Partial<Record<TemplateKind, string>>>; users: number } | undefined;
}

async function buildPgliteTemplates(): Promise<Partial<Record<TemplateKind, string>>> {
  const directory = path.resolve(import.meta.dirname, '../../../.tmp/test-db-templates');
  mkdirSync(directory, { recursive: true });
  const templates: Partial<Record<TemplateKind, string>> = {};
  for (const kind of TEMPLATE_KINDS) {
    const database = await openDatabase({ inMemory: true });
    try {
      await database.migrate();
      await seedIfEmpty(database.db, () => {}, { catalog: kind === 'catalog' });
      const client = (database.db as unknown as { $client: { exec(sql: string): Promise<unknown>; dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
      // A checkpoint first, so a copy opens without replaying the migrations' and seed's log.
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('none');
      const file = path.join(directory, `${kind}-${process.pid}.tar`);
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      templates[kind] = file;
    } finally {
      await database.close();
    }
  }
  return templates;
}

/** The templates as PostgreSQL databases; dropped when the run ends. */
async function setupPostgresTemplates(project: TestProject, baseUrl: string) {
  const templates: Partial<Record<TemplateKind, string>> = {};
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const dropAll = async () => {
    for (const name of Object.values(templates)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    for (const kind of TEMPLATE_KINDS) {
      const name = `cw_template_${kind}_${process.pid}_${Date.now().toString(36)}`;
      await admin.query(`CREATE DATABASE ${name}`);
      templates[kind] = name;
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await database.migrate();
        await seedIfEmpty(database.db, () => {}, { catalog: kind === 'catalog' });
      } finally {
        // A template must have no open connection while it is copied.
        await database.close();
      }
    }
  } catch (error) {
    await dropAll().finally(() => admin.end());
    throw error;
  }
  project.provide('postgresTemplates', templates);
  return async () => {
    try {
      await dropAll();
    } finally {
      await admin.end();
    }
  };
}
