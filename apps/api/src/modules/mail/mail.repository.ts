import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { withBody, type DeferredRender, type OrderConfirmationInput, deferredOrderConfirmation } from './mail.deferred.ts';
import type { RenderedEmail } from './mail.templates.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;
/** A claimed message, as the dispatcher sends it (its body rendered if it was deferred). */
export type ClaimedMail = Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'headers' | 'attempts'> & { render: DeferredRender | null };

/**
 * The ids of mail due now, oldest first, locked so that another host's worker skips them: pending
 * mail whose time has come, and mail left 'sending' by a worker that died. `at` stands for the
 * clock in tests (a held message "on its day"); otherwise the database's now().
 */
function dueIds(limit: number, at?: Date) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`
    SELECT id FROM outbox_emails
    WHERE (status = 'pending' AND next_attempt_at <= ${now}) OR (status = 'sending' AND locked_until < now())
    ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

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

    /** Writes an order confirmation whose body is rendered after the commit (mail.deferred.ts). */
    async enqueueOrderConfirmation(tx: Database, to: string, input: OrderConfirmationInput): Promise<void> {
      await tx.insert(outboxEmails).values({ toAddress: to, ...deferredOrderConfirmation(input) });
    },

    /**
     * Claims due messages so that two processes never send the same one: pending rows that are
     * due, and rows whose sender died mid-send (lock expired).
     */
    async claimDue(limit: number, at?: Date): Promise<ClaimedMail[]> {
      const result = (await db.execute(sql`
        UPDATE outbox_emails SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
        WHERE id IN (${dueIds(limit, at)})
        RETURNING id, to_address AS "toAddress", subject, html, text, headers, attempts, render`)) as unknown as { rows: ClaimedMail[] };
      return result.rows;
    },

    /**
     * Without SMTP a message is only kept in the outbox: claims the due ones and marks them sent
     * in one statement (a burst of orders costs one round trip per hundred mails, not two per
     * mail), answering what the log names.
     */
    async keepDue(limit: number, at?: Date): Promise<Pick<ClaimedMail, 'id' | 'toAddress' | 'subject' | 'render'>[]> {
      const result = (await db.execute(sql`
        UPDATE outbox_emails SET status = 'sent', transport = 'outbox', sent_at = now(), locked_until = NULL, last_error = NULL, attempts = attempts + 1
        WHERE id IN (${dueIds(limit, at)})
        RETURNING id, to_address AS "toAddress", subject, render`)) as unknown as { rows: Pick<ClaimedMail, 'id' | 'toAddress' | 'subject' | 'render'>[] };
      return result.rows;
    },

    /** Stores the bodies of deferred mails once rendered: one statement for all of them. */
    async storeBodies(mails: { id: string; subject: string; html: string; text: string }[]): Promise<void> {
      if (mails.length === 0) return;
      await db.execute(sql`
        UPDATE outbox_emails o SET subject = m.subject, html = m.html, text = m.text, render = NULL
        FROM jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) AS m(id uuid, subject text, html text, text text)
        WHERE o.id = m.id`);
    },

    /** Marks a message sent; `body` stores what a deferred mail was rendered to. */
    async markSent(id: string, transport: string, body?: { subject: string; html: string; text: string }): Promise<void> {
      await db.update(outboxEmails).set({ status: 'sent', transport, sentAt: new Date(), lockedUntil: null, lastError: null, ...(body ? { ...body, render: null } : {}) }).where(eq(outboxEmails.id, id));
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
      return (await filtered.orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).limit(options.limit)).map(withBody);
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
      return row && withBody(row);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
