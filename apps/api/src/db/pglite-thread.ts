import { Worker } from 'node:worker_threads';
import { pgliteWorkerFile } from '../paths.ts';
import { messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread (decision 0063, PGLITE_WORKER): the worker owns the database (its
 * WebAssembly Postgres, parsing, the data directory) and this object, on the main thread, has
 * the part of PGlite's interface that Drizzle's pglite driver and our code use: query, exec,
 * transaction, listen, dumpDataDir, close. The API's JavaScript and the database's then run on
 * two cores instead of taking turns on one.
 *
 * Serialisation is PGlite's own mutex, kept in the worker (pglite-thread.worker.js): while one
 * caller's transaction callback runs here, every other caller's query waits there, as in-process.
 * Errors come back with every field PGlite gave them (code, constraint, detail…) as a
 * `DatabaseError`, so Drizzle wraps them and errors.ts reads them as before.
 * PGlite's own `PGliteWorker` (@electric-sql/pglite/worker) is for browser Web Workers and does
 * not run here: see decision 0063.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closed = false;
  #exited: Promise<void>;
  /** Why the worker stopped, when it did so on its own (every later call fails with it). */
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: WorkerMessage) => this.#receive(message));
    worker.on('error', (error) => this.#stop(error));
    worker.once('exit', (code) => this.#stop(new Error(`the database worker exited (${code})`)));
    // Like PGlite in-process, an idle database does not keep the process alive; a pending call does (#call).
    worker.unref();
  }

  /** Starts the worker and waits until its database is open (`template`: a `dumpDataDir` tarball to start from). */
  static async open(options: { dataDir?: string; template?: Uint8Array } = {}): Promise<PGliteThread> {
    const worker = new Worker(pgliteWorkerFile, { workerData: { dataDir: options.dataDir, template: options.template } });
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const onReady = (message: WorkerMessage) => {
        if (!('ready' in message)) return;
        worker.off('message', onReady);
        if (message.ready) resolve();
        else reject(toError(message.error!));
      };
      worker.on('message', onReady);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the database worker exited (${code}) while opening`)));
      worker.ref();
    }).finally(() => worker.unref());
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return (await this.#call('exec', { sql, options: sendable(options) })) as Results[];
  }

  /** PGlite's `transaction`: BEGIN when the mutex is ours, COMMIT when `callback` resolves, ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    await this.#call('begin', { tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => (open(), this.#query<R>(sql, params, options, id)),
      sql: async () => {
        throw new Error('tx.sql is not available through the database worker; use tx.query');
      },
      exec: async (sql: string, options?: QueryOptions) => (open(), (await this.#call('exec', { sql, options: sendable(options), tx: id })) as Results[]),
      rollback: async () => {
        open();
        closed = true;
        await this.#call('rollback', { tx: id });
      },
      listen: async () => {
        throw new Error('LISTEN inside a transaction is not available through the database worker');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call('rollback', { tx: id });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call('commit', { tx: id });
    }
    return result;
  }

  /** Calls `callback` for every NOTIFY on `channel`; returns the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, callback);
    await this.#call('listen', { channel, listener: id });
    return async () => {
      this.#listeners.delete(id);
      if (!this.#closed) await this.#call('unlisten', { listener: id });
    };
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return new Blob([(await this.#call('dumpDataDir', { compression })) as ArrayBuffer]);
  }

  /** Closes the database (flushing its files) and ends the worker. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return this.#exited;
    this.#closed = true;
    try {
      if (!this.#failure) await this.#request('close', {});
    } finally {
      await this.#worker.terminate();
    }
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> {
    const results = (await this.#call('query', { sql, params, options: sendable(options), tx })) as Results<T>;
    if (options?.parsers) applyParsers(results, options);
    return results;
  }

  #call(op: string, args: Record<string, unknown>): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('database is closed'));
    return this.#request(op, args);
  }

  #request(op: string, args: Record<string, unknown>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    // Keeps the process alive while the database owes an answer (a script awaiting a query).
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...args, id, op });
    });
  }

  #receive(message: WorkerMessage) {
    if ('notify' in message) {
      this.#listeners.get(message.notify)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.error) waiting.reject(toError(message.error));
    else waiting.resolve(message.result);
  }

  #stop(reason: Error) {
    this.#failure ??= reason;
    for (const waiting of this.#pending.values()) waiting.reject(reason);
    this.#pending.clear();
  }
}

type PlainError = { name: string; message: string; stack?: string; length?: number } & Record<string, unknown>;
type WorkerMessage =
  | { ready: boolean; error?: PlainError }
  | { notify: number; payload: string }
  | { id: number; result?: unknown; error?: PlainError };

/** An error from the worker as it was thrown there: a `DatabaseError` with PostgreSQL's fields, or an Error. */
function toError(plain: PlainError): Error {
  const { name, message, stack, ...fields } = plain;
  const error = 'code' in fields && 'severity' in fields ? new messages.DatabaseError(message, plain.length ?? 0, name as 'error') : new Error(message);
  Object.assign(error, fields, { name });
  // The worker's stack says which statement failed; this thread's stack would only show the message handler.
  if (stack) error.stack = stack;
  return error;
}

/**
 * Query options as they can cross threads: parser functions stay here, the worker is told only
 * which types they cover (it returns those as PostgreSQL's text, applyParsers runs them here).
 * Serializers and blobs are not used by Drizzle or our code and are refused.
 */
function sendable(options: QueryOptions | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined;
  const { parsers, serializers, blob, onNotice, ...rest } = options;
  if (serializers || blob || onNotice) throw new Error('serializers, blob and onNotice are not available through the database worker');
  return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
}

function applyParsers(results: Results<unknown>, options: QueryOptions) {
  const parsers = options.parsers as Partial<Record<number, (value: string, typeId: number) => unknown>>;
  const parsed = results.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ parser, key: options.rowMode === 'array' ? index : field.name, typeId: field.dataTypeID }] : [];
  });
  if (parsed.length === 0) return;
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { parser, key, typeId } of parsed) if (row[key] !== null) row[key] = parser(row[key] as string, typeId);
  }
}
