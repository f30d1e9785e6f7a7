import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MailDispatcher } from '../src/modules/mail/mail.dispatcher.ts';
import { createMailRepository } from '../src/modules/mail/mail.repository.ts';
import { createTestApp } from './helper.ts';

type Rows<T> = { rows: T[] };

/** A dispatcher of its own on the app's database (another host's worker), logging what it keeps. */
function worker(app: FastifyInstance) {
  const kept: string[] = [];
  const quiet = () => {};
  const log = { info: (fields: { mailId?: string }) => void (fields.mailId && kept.push(fields.mailId)), warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet } as unknown as FastifyBaseLogger;
  return { dispatcher: new MailDispatcher(createMailRepository(app.database.db), { from: 'test@example.com', log }), kept };
}

async function enqueue(app: FastifyInstance, prefix: string, count: number): Promise<void> {
  await app.database.db.execute(sql`
    INSERT INTO outbox_emails (id, to_address, template, subject, html, text, render)
    SELECT gen_random_uuid(), ${prefix} || g || '@example.com', 'order-confirmation', 'Order', '', '',
      jsonb_build_object('template', 'order-confirmation', 'input', jsonb_build_object(
        'firstName', 'Ada', 'orderNumber', 'CW-' || g, 'lines', '[]'::jsonb, 'discount', null, 'total', '1.00 USD',
        'url', 'http://localhost/account/orders/x', 'testPayment', true, 'certificates', '[]'::jsonb))
    FROM generate_series(1, ${count}::int) g`);
}

/**
 * Issue 28, migration 0048: without SMTP, the worker keeps each due mail with its rendered body
 * in one write, finds what is due without walking the mail already sent, and two workers keep
 * each mail once.
 */
describe('the outbox sweep', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
    await app.mail.flush();
  });
  afterAll(async () => app.close());

  it('writes each kept mail once after its insert: marked kept and its body stored in one update', async () => {
    await app.database.db.execute(sql`CREATE TABLE outbox_updates (id uuid)`);
    await app.database.db.execute(sql`CREATE FUNCTION outbox_count_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO outbox_updates VALUES (NEW.id); RETURN NEW; END $$`);
    await app.database.db.execute(sql`CREATE TRIGGER outbox_count_update AFTER UPDATE ON outbox_emails FOR EACH ROW EXECUTE FUNCTION outbox_count_update()`);
    try {
      await enqueue(app, 'once', 30);
      await app.mail.flush();
      const { rows } = (await app.database.db.execute(sql`
        SELECT o.status, o.render IS NULL AS rendered, o.html LIKE '%CW-%' AS has_body, (SELECT count(*) FROM outbox_updates u WHERE u.id = o.id)::int AS updates
        FROM outbox_emails o WHERE o.to_address LIKE 'once%'`)) as unknown as Rows<{ status: string; rendered: boolean; has_body: boolean; updates: number }>;
      expect(rows).toHaveLength(30);
      // Was two: marked kept, then its rendered body stored.
      expect(rows.every((row) => row.status === 'sent' && row.rendered && row.has_body && row.updates === 1)).toBe(true);
    } finally {
      await app.database.db.execute(sql`DROP TRIGGER outbox_count_update ON outbox_emails`);
      await app.database.db.execute(sql`DROP FUNCTION outbox_count_update()`);
      await app.database.db.execute(sql`DROP TABLE outbox_updates`);
    }
  });

  it('finds what is due without reading the mail already kept', async () => {
    await enqueue(app, 'history', 200);
    await app.mail.flush();
    await enqueue(app, 'fresh', 1);
    // Index entries one look-up reads, in a transaction of its own. A plain index scan marks the
    // entries of rows dead to every transaction, so the look-ups after it skip them; while some
    // other transaction of this database is older than the sweep, they are not yet dead to all,
    // hence the retries. A bitmap scan never marks them: before migration 0048, every look-up
    // read an entry for each of the mails kept here (over 200).
    const entriesReadByOneLookUp = () =>
      app.database.db.transaction(async (tx) => {
        const read = async () => {
          const { rows } = (await tx.execute(sql`
            SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(i.indexrelid)), 0)::int AS n
            FROM pg_index i WHERE i.indrelid = 'outbox_emails'::regclass`)) as unknown as Rows<{ n: number }>;
          return rows[0]!.n;
        };
        const before = await read();
        const { rows: due } = (await tx.execute(sql`SELECT outbox_due(100, NULL) AS id`)) as unknown as Rows<{ id: string }>;
        expect(due).toHaveLength(1);
        return (await read()) - before;
      });
    await vi.waitFor(async () => expect(await entriesReadByOneLookUp()).toBeLessThanOrEqual(2), { timeout: 10_000, interval: 100 });
  });

  it('keeps each mail once when two workers sweep at once', async () => {
    await enqueue(app, 'race', 250);
    const one = worker(app);
    const two = worker(app);
    await Promise.all([one.dispatcher.flush(), two.dispatcher.flush(), app.mail.flush()]);
    const { rows } = (await app.database.db.execute(sql`
      SELECT id, status, attempts FROM outbox_emails WHERE to_address LIKE 'race%'`)) as unknown as Rows<{ id: string; status: string; attempts: number }>;
    expect(rows).toHaveLength(250);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    // The app's own worker kept some too: the two here logged only what they marked, never the same mail.
    const logged = [...one.kept, ...two.kept];
    expect(new Set(logged).size).toBe(logged.length);
    await Promise.all([one.dispatcher.stop(), two.dispatcher.stop()]);
  });
});
