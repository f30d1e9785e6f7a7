/**
 * `npm run bench`: starts the product (bench/server.ts, in its own process, on a free port) and
 * runs each section against it over real HTTP on loopback; prints a table per section, says for
 * each target whether it is met, writes everything to bench/results/<date>-<database>.json and
 * exits 1 when a target is missed. Timing lives here, never in tests.
 *
 * Database: an in-memory PGlite by default; with DATABASE_URL, a fresh PostgreSQL database
 * created beside it for the run and dropped afterwards.
 * Options: BENCH_SECONDS (seconds per load run, default 2), BENCH_ROUNDS (turns product and bare
 * take, default 5), BENCH_WARMUP_SECONDS (2), BENCH_SECTIONS (comma-separated words: run only
 * the sections whose name contains one, e.g. BENCH_SECTIONS=catalog), BENCH_LIGHTHOUSE=0 (web
 * section without Lighthouse), BENCH_ORDERS_PER_BUYER (orders each of the 50 buyers places, 8),
 * BENCH_HOST_ORDERS_PER_BUYER (the same in the processes section's hosts and their floor, 40),
 * BENCH_CPU_PROF=<dir> (the product's process writes a V8 CPU profile there, to see where time goes).
 *
 * Sections are separate modules implementing `BenchSection` (section.ts); add one to `sections`.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { BenchContext, BenchSection, BenchSectionResult } from './section.ts';
import { catalogSection } from './sections/catalog.ts';
import { latencySection } from './sections/latency.ts';
import { ordersSection } from './sections/orders.ts';
import { orderLoopSection } from './sections/order-loop.ts';
import { processesSection } from './sections/processes.ts';
import { scenariosSection } from './sections/scenarios.ts';
import { webSection } from './sections/web.ts';

const sections: BenchSection[] = [catalogSection, latencySection, ordersSection, orderLoopSection, scenariosSection, processesSection, webSection];

const here = import.meta.dirname;

async function createBenchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cw_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // BENCH_KEEP_DATABASE=1 leaves it for a look afterwards (pg_stat_user_tables, functions).
      if (process.env.BENCH_KEEP_DATABASE === '1') return console.log(`kept database ${name}`);
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; ctx: BenchContext }> {
  // BENCH_SERVER_NODE_FLAGS: V8 or Node flags for the product's process only (the load generator
  // in this process keeps its own), to compare a runtime setting on the product alone.
  const serverFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverFlags, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, DATABASE_URL: '', BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    // The server's own log may print a line first (a warning); the bench's line is the one with baseUrl.
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (text) => {
      if (text.startsWith('{"baseUrl"')) {
        lines.removeAllListeners('line');
        resolve(text);
      } else process.stderr.write(`${text}\n`);
    });
    child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code}) before listening`)));
  });
  const pauseProduct = () => {
    child.kill('SIGSTOP');
    return () => void child.kill('SIGCONT');
  };
  const ctx: BenchContext = { ...(JSON.parse(line) as BenchContext), databaseUrl, pauseProduct };
  return { child, ctx };
}

function printTable(rows: BenchSectionResult['rows']) {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const width = (column: string) => Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(width(columns[i])) : cell.padStart(width(columns[i])))).join('  ');
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((column) => String(row[column] ?? ''))));
}

function commitOf(): string {
  try {
    return execSync('git describe --always --dirty --abbrev=12', { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  const benchDatabase = baseDatabaseUrl ? await createBenchDatabase(baseDatabaseUrl) : undefined;
  const { child, ctx } = await startServer(benchDatabase?.url);
  const wanted = process.env.BENCH_SECTIONS?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
  const started = new Date();
  const meta = { date: started.toISOString(), database: ctx.database, dataset: ctx.dataset, node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg(), commit: commitOf() };
  console.log(`Carbonwise benchmark · ${meta.database} · ${meta.dataset ? `data set: ${meta.dataset.products} products, ${meta.dataset.users} users, ${meta.dataset.orders} orders` : 'seed only (BENCH_DATASET=0)'} · Node ${meta.node} · ${meta.cpus} CPUs · ${meta.commit} · ${meta.date}`);

  const results: Record<string, BenchSectionResult> = {};
  let missed = 0;
  try {
    for (const section of sections) {
      if (wanted && !wanted.some((word) => section.name.toLowerCase().includes(word))) continue;
      console.log(`\n## ${section.name}`);
      const result = await section.run(ctx);
      results[section.name] = result;
      for (const note of result.notes ?? []) console.log(note);
      printTable(result.rows);
      for (const target of result.targets) {
        if (!target.met) missed += 1;
        console.log(`${target.met ? 'met   ' : 'MISSED'}  ${target.name}: ${target.goal} → ${target.actual}`);
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await benchDatabase?.drop();
  }

  // A run of some sections only (BENCH_SECTIONS) gets its own file, so it never replaces a full run's.
  const only = process.env.BENCH_SECTIONS ? `-only-${process.env.BENCH_SECTIONS.replace(/[^a-z0-9]+/gi, '_')}` : '';
  const file = path.join(here, 'results', `${started.toISOString().slice(0, 10)}-${ctx.database}${only}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...meta, sections: results }, null, 2)}\n`);
  console.log(`\n${missed ? `${missed} target(s) missed` : 'all targets met'} · results in ${path.relative(process.cwd(), file)}`);
  process.exit(missed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
