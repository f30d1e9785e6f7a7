import path from 'node:path';

/**
 * Where the API's own files are. Every path is worked out here, from this file directly under
 * `src/`, because the built server (`dist/`, scripts/build-server.mjs) is one bundle at the same
 * depth: from either, the folder above is `apps/api`. A module deeper in `src/` that used its own
 * location would point elsewhere once bundled.
 */
export const apiRoot = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(apiRoot, '../..');
/** SQL migrations (drizzle-kit). */
export const migrationsFolder = path.join(apiRoot, 'drizzle');
/** Countries and airports (see its README). */
export const referenceDataDir = path.join(apiRoot, 'data');
/** The worker thread that runs PGlite (decision 0063): plain JavaScript, loaded from the sources either way. */
export const pgliteWorkerFile = path.join(apiRoot, 'src/db/pglite-thread.worker.js');
/** The built server `npm start` runs (scripts/build-server.mjs). */
export const serverBundle = path.join(apiRoot, 'dist/server.mjs');
