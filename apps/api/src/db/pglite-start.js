// How a PGlite database is opened, shared by this thread (client.ts) and the worker thread
// (pglite-thread.worker.js). Plain JavaScript because the worker loads files with Node's own
// loader (see the worker's header).
import { PGlite } from '@electric-sql/pglite';

/**
 * A data-directory tarball as the Blob PGlite's `loadDataDir` asks for, whose bytes come back at
 * once. PGlite reads the Blob with `arrayBuffer()`, which on Node 20 pulls a native Blob in small
 * chunks and joins them: 1.7 s of CPU for the suite's 44 MB template, more than the rest of
 * opening the database. Each call hands PGlite its own copy, so the bytes can be loaded again.
 */
class TarballBlob extends Blob {
  #bytes;
  constructor(bytes) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  arrayBuffer() {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/**
 * Start settings for a database held in memory (tests, journeys, `inMemory`): the files already
 * live in memory, so PostgreSQL's own 128 MB buffer cache would only hold a second copy, and it
 * is zeroed at every start (the largest part of opening a copy of the suite's template). 16 MB
 * of buffers and room for 5 backends (PGlite runs one) open the same database in about half the
 * CPU. A database on disk keeps PostgreSQL's defaults: it is opened once per process.
 */
const IN_MEMORY_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_connections=5'];

/** Opens PGlite: on `dataDir` (undefined: in memory), starting from `template` bytes when given. */
export async function startPGlite(dataDir, template) {
  const client = new PGlite({
    dataDir,
    loadDataDir: template ? new TarballBlob(template) : undefined,
    startParams: dataDir ? undefined : IN_MEMORY_START_PARAMS,
  });
  await client.waitReady;
  return client;
}
