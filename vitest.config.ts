import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One runner for every test: contract and web unit tests, API tests against a real database
 * (PGlite, or PostgreSQL when DATABASE_URL is set) and browser journeys in Debian's Chromium.
 */
// CI asks for a JSON report beside the usual output, to add up the counts of several runs.
const jsonOutput = process.env.VITEST_JSON_OUTPUT;

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core machine is one worker and
    // half the machine idle. The browser journeys run two files at once too (each has its own
    // server, database and browser): a journey waits on its page much of the time, and one at a
    // time the browser stage took 420 s here against 310 s two at a time.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: jsonOutput ? ['default', 'json'] : ['default'],
    outputFile: jsonOutput ? { json: jsonOutput } : undefined,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'docs',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          // PGlite on the test's own thread (decision 0063): ~20% faster for the suite's hundreds of
          // small databases than a worker each. The shop's default, the worker, runs in the project
          // below and behind the browser journeys (npm start).
          env: { PGLITE_WORKER: '0' },
          // Saves migrated, seeded PGlite databases that each test database starts from.
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Files share a worker's loaded modules instead of importing the whole app again each
          // time (~2.4 s per file): 7.5 instead of 11 minutes here. Safe because every file
          // builds its own app on its own database (helper.ts), and what the app keeps at
          // module level are caches of fixed data (the IP-to-country table, the dummy password
          // hash, encoding choices), never one app's state.
          isolate: false,
          // Generous: CI runs on a shared 2-core machine where a busy moment can triple a test's
          // time. Speed is judged by the benchmark, never by these limits.
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          // Decision 0063: a representative part of the API suite again with PGlite in a worker
          // thread (PGLITE_WORKER=1, the shop's default), so both ways stay tested. The browser
          // journeys run their servers on the worker too (the default), carts and sign-ups
          // included, so the cart and foundation files are not repeated here (~45 s of CI).
          name: 'api-pglite-worker',
          include: ['apps/api/test/{orders,resilience-concurrency,mail-deferred,pglite-thread}.test.ts'],
          environment: 'node',
          env: { PGLITE_WORKER: '1' },
          globalSetup: ['apps/api/test/global-setup.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-unit',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Files share a worker's modules and window (78 s → 13 s for this project here); what
          // a file leaves behind is cleared before the next by between-files.ts.
          isolate: false,
          setupFiles: ['apps/web/src/test/between-files.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          // The seeded database each journey's server starts from (apps/api/test/global-setup.ts).
          globalSetup: ['apps/api/test/global-setup.ts'],
          // As in the API project: a journey file builds its own app on its own database, so
          // files share a worker's loaded modules instead of importing the whole app again each
          // time (import time summed over the 25 files: 129 s before, 26 s after, on this 2-core
          // machine, where the browser stage is CPU-bound, 93% busy).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page on a busy 2-core CI machine can take seconds to settle; the 1 s default failed there.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
