import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { RenderedEmail } from '../mail/mail.templates.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import type { AdminTokenSigner } from './access/admin-token.ts';

/** What the admin services need; built once (register.ts) and by the command line (cli/). */
export interface AdminContext {
  db: Database;
  config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'adminSessionHours' | 'adminEmails' | 'dataDir'>;
  /** Catalog writes call `changed` after they commit (catalog.events.ts). */
  catalog: Pick<CatalogHandle, 'changed'>;
  mail: MailRepository;
  dispatcher: Pick<MailDispatcher, 'kick'>;
  adminSigner: AdminTokenSigner;
  uploads: UploadStore;
  log: FastifyBaseLogger;
  now: () => Date;
}

export type Enqueue = (to: string, email: RenderedEmail) => Promise<void>;

/**
 * Runs a write in one transaction; mails it queues are written to the outbox in it and delivery
 * is kicked after the commit. Admin services record their audit row inside `work`.
 */
export async function inAdminTransaction<T>(ctx: Pick<AdminContext, 'db' | 'mail' | 'dispatcher'>, work: (tx: Tx, enqueue: Enqueue) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction((tx) =>
    work(tx, async (to, email) => {
      await ctx.mail.enqueue(tx as unknown as Database, to, email);
      queued = true;
    }),
  );
  if (queued) ctx.dispatcher.kick();
  return result;
}

/** PostgreSQL's unique_violation (23505) on the named constraint, whichever driver wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => {
    const pg = e as { code?: string; constraint?: string; message?: string } | undefined;
    return pg?.code === '23505' && (!constraint || pg.constraint === constraint || Boolean(pg.message?.includes(constraint)));
  });
}
