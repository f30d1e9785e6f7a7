import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { ImpactChange, ImpactReadModel } from './impact.read-model.ts';

export const IMPACT_CHANNEL = 'impact_changed';
/** Past this many orders in one change, ask every process to drop everything (NOTIFY payloads stop at 8000 bytes). */
const MAX_ORDERS = 100;

/**
 * Certificates of these orders were issued or voided: call it INSIDE the transaction that
 * inserts or updates them (issue-certificates.ts does; a refund that voids certificates must
 * too). PostgreSQL delivers a NOTIFY only when its transaction commits, so every process's impact
 * read model (badges and public impact) drops the owners' pages exactly when the change is
 * visible, and never for a change that rolled back. One query.
 */
export async function certificatesChanged(tx: Tx | Database, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  if (orderIds.length > MAX_ORDERS) {
    await tx.execute(sql`select pg_notify(${IMPACT_CHANNEL}, '*')`);
    return;
  }
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${IMPACT_CHANNEL}, (
    select json_build_object(
      'users', coalesce(json_agg(distinct o.user_id), '[]'),
      'businesses', coalesce(json_agg(distinct o.business_id) filter (where o.business_id is not null), '[]')
    )::text
    from orders o where o.id in (${ids})))`);
}

/**
 * The announcement for certificates issued by a write that leaves the telling to the API after
 * its commit (place_order, migration 0050): the same payload `certificatesChanged` sends.
 */
export function impactAnnouncement(userIds: readonly string[], businessIds: readonly string[]): [channel: string, payload: string] {
  return [IMPACT_CHANNEL, JSON.stringify({ users: userIds, businesses: businessIds } satisfies ImpactChange)];
}

/** A public page's owner changed what the page shows (published it, renamed it, moved its slug). */
export async function impactOwnerChanged(db: Tx | Database, change: ImpactChange): Promise<void> {
  await db.execute(sql`select pg_notify(${IMPACT_CHANNEL}, ${JSON.stringify(change)})`);
}

/** Parses a NOTIFY payload; anything unreadable means "drop everything". */
export function parseImpactChange(payload: string): ImpactChange | null {
  if (payload === '*') return null;
  try {
    const parsed = JSON.parse(payload) as ImpactChange;
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
    return { users: list(parsed.users), businesses: list(parsed.businesses) };
  } catch {
    return null;
  }
}

/** Every process listens: each change drops the affected pages; a reconnect drops all (changes may have been missed). */
export async function listenForImpactChanges(app: FastifyInstance, database: DatabaseHandle, model: ImpactReadModel): Promise<void> {
  const stop = await database.listen(IMPACT_CHANNEL, {
    onMessage: (payload) => {
      const change = parseImpactChange(payload);
      model.invalidate(change);
      // Certificates issued or voided: their owners' kept orders lists go too (decision 0062).
      if (change) for (const userId of change.users ?? []) app.personalReads.forgetPerson(userId);
      else app.personalReads.forgetAll();
    },
    onReconnect: () => {
      model.invalidate(null);
      app.personalReads.forgetAll();
    },
    onError: (error) => app.log.warn({ err: error }, 'impact change listener lost its connection; reconnecting'),
  });
  app.addHook('onClose', async () => stop());
}
