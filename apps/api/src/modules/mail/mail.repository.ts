import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import type { RenderedEmail } from './mail.templates.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;

export function createMailRepository(db: Database) {
  return {
    /**
     * Writes a mail to the outbox. `newsletterIssueId` ties a newsletter mail to its issue (delivery
     * counts); `notBefore` holds the message until then (a gift's chosen day); `id` names the row.
     */
    async enqueue(tx: Database, to: string, email: RenderedEmail, options: { id?: string; notBefore?: Date; newsletterIssueId?: string } = {}): Promise<void> {
      await tx.insert(outboxEmails).values({
        ...(options.id ? { id: options.id } : {}),
        ...(options.notBefore ? { nextAttemptAt: options.notBefore } : {}),
        toAddress: to,
        template: email.template,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers ?? null,
        newsletterIssueId: options.newsletterIssueId ?? null,
      });
    },

    /**
     * Claims due messages so that two processes never send the same one: pending rows that are
     * due, and rows whose sender died mid-send (lock expired).
     */
    async claimDue(limit: number, at?: Date): Promise<OutboxRow[]> {
      // `at` stands for the clock in tests (a held message "on its day"); otherwise the database's now().
      const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
      const result = (await db.execute(sql`
        UPDATE outbox_emails SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox_emails
          WHERE (status = 'pending' AND next_attempt_at <= ${now}) OR (status = 'sending' AND locked_until < now())
          ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address AS "toAddress", subject, html, text, headers, attempts`)) as unknown as { rows: OutboxRow[] };
      return result.rows;
    },

    /**
     * Without SMTP a message is only kept in the outbox: claims the due ones and marks them sent
     * in one statement (a burst of orders costs one round trip per hundred mails, not two per
     * mail), answering what the log names.
     */
    async keepDue(limit: number, at?: Date): Promise<Pick<OutboxRow, 'id' | 'toAddress' | 'subject'>[]> {
      const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
      const result = (await db.execute(sql`
        UPDATE outbox_emails SET status = 'sent', transport = 'outbox', sent_at = now(), locked_until = NULL, last_error = NULL, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox_emails
          WHERE (status = 'pending' AND next_attempt_at <= ${now}) OR (status = 'sending' AND locked_until < now())
          ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address AS "toAddress", subject`)) as unknown as { rows: Pick<OutboxRow, 'id' | 'toAddress' | 'subject'>[] };
      return result.rows;
    },

    async markSent(id: string, transport: string): Promise<void> {
      await db.update(outboxEmails).set({ status: 'sent', transport, sentAt: new Date(), lockedUntil: null, lastError: null }).where(eq(outboxEmails.id, id));
    },

    async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(outboxEmails)
        .set(retryAt ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error } : { status: 'failed', lockedUntil: null, lastError: error })
        .where(eq(outboxEmails.id, id));
    },

    async list(options: { to?: string; limit: number }): Promise<OutboxRow[]> {
      const query = db.select().from(outboxEmails);
      const filtered = options.to ? query.where(eq(outboxEmails.toAddress, options.to)) : query;
      return filtered.orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).limit(options.limit);
    },

    async countRecent(to: string, template: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.template, template), gte(outboxEmails.createdAt, since)));
      return row?.count ?? 0;
    },

    async findById(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outboxEmails).where(and(eq(outboxEmails.id, id))).limit(1);
      return row;
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
