import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { buildApp } from './app.ts';

/**
 * `WEB_CONCURRENCY=N` (N > 1, PostgreSQL only): this process prepares the database once
 * (migrations, seed), then runs N API processes on the same port with node:cluster and restarts
 * any that dies. The processes share nothing in memory: catalog read models catch up through
 * LISTEN/NOTIFY, stock, coupons and orders are exact through the database, and the JWT secret
 * comes from the environment or DATA_DIR (read before forking). SIGTERM or SIGINT is passed on
 * to every process, which finishes its requests; this one exits when they have.
 */
export async function runClusterPrimary(config: Config): Promise<void> {
  // Migrations and the seed run here, once, not in N processes racing each other.
  const setup = await buildApp({ ...config, logLevel: config.logLevel });
  setup.log.info(`starting ${config.webConcurrency} API processes on port ${config.port}`);
  await setup.close();

  let stopping = false;
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i += 1) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    // Each process has its own 10 s limit for its requests; this one waits a little longer.
    setTimeout(() => process.exit(1), 15_000).unref();
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** True in a process that should serve requests itself (a cluster worker, or the only process). */
export function servesRequests(config: Config): boolean {
  return config.webConcurrency <= 1 || cluster.isWorker;
}
