// The worker-thread side of pglite-thread.ts (decision 0063): owns the one PGlite instance and
// answers the main thread's requests. Plain JavaScript because worker threads load files with
// Node's own loader (no tsx under Vitest, no type stripping on Node 20).
//
// Serialisation is PGlite's own: a query outside a transaction goes through `pg.query`, which
// waits on PGlite's transaction mutex; a transaction is one `pg.transaction` call that stays open
// (holding that mutex) until the main thread says commit or rollback, its statements running
// through the `tx` object. So while one caller's transaction callback runs on the main thread,
// every other caller's query waits here, exactly as it would in-process.
import { parentPort, workerData } from 'node:worker_threads';
import { startPGlite } from './pglite-start.js';

const identity = (value) => value;

/** PGlite's error (a DatabaseError) as a cloneable object: every own field (code, constraint, detail…). */
function plainError(error) {
  const plain = { name: error?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      // queryOptions holds the caller's parser functions, which cannot cross threads.
      if (key === 'queryOptions' || typeof value === 'function') continue;
      plain[key] = value;
    }
  }
  return plain;
}

/** The main thread sends the OIDs its parsers cover; they come back as PostgreSQL's text and are parsed there. */
function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((oid) => [oid, identity])) };
}

/** The database, set once open; the main thread sends nothing before it hears `ready`. */
let pg;
/** Open transactions by id: the `tx` to run their statements and how to end them. */
const transactions = new Map();
/** LISTEN subscriptions by id: the function that stops each. */
const subscriptions = new Map();

const handlers = {
  async query({ sql, params, options, tx }) {
    const target = tx === undefined ? pg : transactions.get(tx).tx;
    return target.query(sql, params, queryOptions(options));
  },
  async exec({ sql, options, tx }) {
    const target = tx === undefined ? pg : transactions.get(tx).tx;
    return target.exec(sql, queryOptions(options));
  },
  async begin({ tx: id }) {
    // Answers once BEGIN ran (the mutex is ours); `done` settles when the main thread ends it.
    return new Promise((begun, failedToBegin) => {
      let end;
      const outcome = new Promise((resolve, reject) => (end = { resolve, reject }));
      const finished = pg.transaction(async (tx) => {
        transactions.set(id, { tx, end, finished });
        begun(null);
        return outcome;
      });
      finished.catch(failedToBegin).finally(() => transactions.delete(id));
      transactions.set(id, { end, finished });
    });
  },
  async commit({ tx: id }) {
    const open = transactions.get(id);
    open.end.resolve(null);
    await open.finished;
    return null;
  },
  async rollback({ tx: id }) {
    const open = transactions.get(id);
    open.end.reject(new Error('rolled back by the caller'));
    await open.finished.catch(() => {});
    return null;
  },
  async listen({ channel, listener }) {
    subscriptions.set(listener, await pg.listen(channel, (payload) => parentPort.postMessage({ notify: listener, payload })));
    return null;
  },
  async unlisten({ listener }) {
    const stop = subscriptions.get(listener);
    subscriptions.delete(listener);
    if (stop && !pg.closed) await stop();
    return null;
  },
  async dumpDataDir({ compression }) {
    const blob = await pg.dumpDataDir(compression);
    return { value: await blob.arrayBuffer(), transfer: true };
  },
  async close() {
    if (!pg.closed) await pg.close();
    return null;
  },
};

parentPort.on('message', async ({ id, op, ...args }) => {
  try {
    const result = await handlers[op](args);
    if (result && result.transfer) parentPort.postMessage({ id, result: result.value }, [result.value]);
    else parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});

startPGlite(workerData.dataDir, workerData.template).then(
  (client) => {
    pg = client;
    parentPort.postMessage({ ready: true });
  },
  (error) => parentPort.postMessage({ ready: false, error: plainError(error) }),
);
