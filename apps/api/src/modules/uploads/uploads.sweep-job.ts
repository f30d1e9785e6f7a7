import type { FastifyInstance } from 'fastify';
import { aloneAcrossHosts } from '../../db/job-lock.ts';
import type { Uploads } from './uploads.service.ts';

/** How often each API process sweeps unreferenced uploads (a few queries and a directory listing). */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** The first sweep waits this long after start, so starting is never slowed by it. */
const FIRST_SWEEP_DELAY_MS = 5 * 60 * 1000;

/**
 * The background job of issue 23 item 7: every hour, uploads nothing has referred to for a day go.
 * Scheduled in every API process, run by one at a time across hosts (an advisory lock, decision
 * 0060): a host that finds another sweeping skips that hour. Removal is idempotent anyway.
 * Timers are unref'd and cleared on close, so they never hold the process.
 */
export function scheduleUploadSweep(app: FastifyInstance, uploads: Uploads): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await aloneAcrossHosts(app.database, 'uploads.sweep', async () => {
        const { removed, bytes } = await uploads.sweep();
        if (removed > 0) app.log.info({ removed, bytes }, 'uploads: removed unreferenced images older than a day');
      });
    } catch (error) {
      app.log.warn({ err: error }, 'uploads: the sweep failed; it runs again within the hour');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function tick() {
      void run();
      timer = setTimeout(tick, UPLOAD_SWEEP_INTERVAL_MS).unref();
    }, FIRST_SWEEP_DELAY_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
