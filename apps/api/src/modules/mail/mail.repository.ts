import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { withBody, type DeferredRender, type OrderConfirmationInput, deferredOrderConfirmation } from './mail.deferred.ts';
import type { RenderedEmail } from './mail.templates.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;
export type OutboxInsert = typeof outboxEmails.$inferInsert;
/** A claimed message, as the dispatcher sends it (its body rendered if it was deferred). */
export type ClaimedMail = Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'headers' | 'attempts'> & { render: DeferredRender | null };

/** Marks the mail worker's own statements (tests that count a request's SQL leave them out). */
export const OUTBOX_SWEEP_MARKER = 'mail outbox sweep';

/**
 * Mail due now, as `outbox_due` (migration 0048) finds it: pending mail whose time has come and
 * mail left 'sending' by a worker that died. `at` stands for the clock in tests (a held message
 * "on its day"); otherwise the database's now(). No row is locked: every UPDATE below repeats
 * `stillDue`, so of two workers that read the same mail, one marks it and the other finds it gone.
 */
function dueIds(limit: number, at?: Date) {
  // As an array, so the row look-ups go by primary key (a set-returning function estimated at
  // 1,000 rows made the planner read the whole table).
  return sql`ARRAY(SELECT outbox_due(${limit}::int, ${at ? at.toISOString() : null}::timestamptz))`;
}

function stillDue(at?: Date) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`((o.status = 'pending' AND o.next_attempt_at <= ${now}) OR (o.status = 'sending' AND o.locked_until < now()))`;
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
        /* ${sql.raw(OUTBOX_SWEEP_MARKER)} */ UPDATE outbox_emails o SET status = 'sending', locked_until = now() + interval '2 minutes', attempts = o.attempts + 1
        WHERE o.id = ANY(${dueIds(limit, at)}) AND ${stillDue(at)}
        RETURNING o.id, o.to_address AS "toAddress", o.subject, o.html, o.text, o.headers, o.attempts, o.render`)) as unknown as { rows: ClaimedMail[] };
      return result.rows;
    },

    /** Without SMTP: the due messages (up to `limit` of each kind), read for keepInOutbox to render. */
    async dueToKeep(limit: number, at?: Date): Promise<Pick<ClaimedMail, 'id' | 'toAddress' | 'subject' | 'render'>[]> {
      const result = (await db.execute(sql`
        /* ${sql.raw(OUTBOX_SWEEP_MARKER)} */ SELECT o.id, o.to_address AS "toAddress", o.subject, o.render FROM outbox_emails o WHERE o.id = ANY(${dueIds(limit, at)})`)) as unknown as {
        rows: Pick<ClaimedMail, 'id' | 'toAddress' | 'subject' | 'render'>[];
      };
      return result.rows;
    },

    /**
     * Without SMTP a message is only kept in the outbox: marks these kept, with the bodies of
     * those rendered now, in one statement and one new row version per mail (a burst of orders
     * costs one statement per hundred mails). Only mail still due is marked; answers the ids this
     * call marked, so a mail another worker kept first is not logged twice.
     */
    async keep(mails: { id: string; subject?: string; html?: string; text?: string }[], at?: Date): Promise<string[]> {
      if (mails.length === 0) return [];
      const result = (await db.execute(sql`
        /* ${sql.raw(OUTBOX_SWEEP_MARKER)} */ UPDATE outbox_emails o
        SET status = 'sent', transport = 'outbox', sent_at = now(), locked_until = NULL, last_error = NULL, attempts = o.attempts + 1,
            subject = coalesce(m.subject, o.subject), html = coalesce(m.html, o.html), text = coalesce(m.text, o.text),
            render = CASE WHEN m.html IS NULL THEN o.render END
        FROM jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) AS m(id uuid, subject text, html text, text text)
        WHERE o.id = m.id AND ${stillDue(at)}
        RETURNING o.id`)) as unknown as { rows: { id: string }[] };
      return result.rows.map((row) => row.id);
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
