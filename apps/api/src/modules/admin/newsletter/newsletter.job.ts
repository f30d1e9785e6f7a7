import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { mailingListSubscribers, newsletterIssues } from '../../../db/schema/index.ts';
import type { Database } from '../../../db/client.ts';
import { newsletterMails } from '../../mailing-list/mailing-list.mails.ts';
import { unsubscribeLinks, type MailingListContext } from '../../mailing-list/mailing-list.service.ts';
import { paragraphsOf } from '../../mailing-list/paragraphs.ts';
import type { AdminContext } from '../admin.context.ts';

/** Subscribers written to the outbox per transaction: short transactions, progress every batch. */
export const NEWSLETTER_BATCH = 200;
/** A sender holds an issue this long per batch; a crashed sender's issue is taken over after it. */
const LEASE_MS = 60_000;

/**
 * Sends newsletter issues in the background (issue 24): each batch is one transaction that
 * writes that many mails to the outbox (each with the subscriber's own unsubscribe link and
 * List-Unsubscribe headers, as every newsletter mail), moves the issue's cursor and count, and
 * renews its lease. A process that dies mid-send loses its lease; the sweep of any process
 * carries on from the cursor, so nobody gets the issue twice and nobody is skipped.
 */
export function createNewsletterJob(ctx: Pick<AdminContext, 'db' | 'dispatcher' | 'log'>, list: MailingListContext) {
  const running = new Set<string>();

  /** Takes the issue's lease if nobody holds it; answers whether this process may send it. */
  async function takeLease(issueId: string): Promise<boolean> {
    const rows = await ctx.db
      .update(newsletterIssues)
      .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, 'sending'), or(isNull(newsletterIssues.leaseUntil), lt(newsletterIssues.leaseUntil, new Date()))))
      .returning({ id: newsletterIssues.id });
    return rows.length === 1;
  }

  /** One batch; answers false when the issue is done (or no longer this process's). */
  async function batch(issueId: string): Promise<boolean> {
    const more = await ctx.db.transaction(async (tx) => {
      const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for('update');
      if (!issue || issue.status !== 'sending') return false;
      const subscribers = await tx
        .select({ id: mailingListSubscribers.id, email: mailingListSubscribers.email })
        .from(mailingListSubscribers)
        .where(and(eq(mailingListSubscribers.status, 'subscribed'), issue.cursor ? gt(mailingListSubscribers.id, issue.cursor) : undefined))
        .orderBy(asc(mailingListSubscribers.id))
        .limit(NEWSLETTER_BATCH);
      const paragraphs = paragraphsOf(issue.body);
      for (const subscriber of subscribers) {
        await list.mail.enqueue(tx as unknown as Database, subscriber.email, newsletterMails.issue({ subject: issue.subject, paragraphs, unsubscribe: unsubscribeLinks(list, subscriber.id) }), { newsletterIssueId: issueId });
      }
      const done = subscribers.length < NEWSLETTER_BATCH;
      await tx
        .update(newsletterIssues)
        .set({
          written: sql`${newsletterIssues.written} + ${subscribers.length}`,
          cursor: subscribers.at(-1)?.id ?? issue.cursor,
          leaseUntil: done ? null : new Date(Date.now() + LEASE_MS),
          ...(done ? { status: 'sent' as const, sentAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(newsletterIssues.id, issueId));
      return !done;
    });
    ctx.dispatcher.kick();
    return more;
  }

  async function run(issueId: string) {
    if (running.has(issueId)) return;
    running.add(issueId);
    try {
      while (await batch(issueId)) {
        // Yield between batches so the process keeps answering requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      ctx.log.error({ err: error, issueId }, 'newsletter: sending stopped; another sweep will carry on from where it stopped');
    } finally {
      running.delete(issueId);
    }
  }

  return {
    /** Starts sending an issue the caller just set to `sending` (with its lease taken). */
    start(issueId: string) {
      void run(issueId);
    },
    /** Issues left `sending` by a process that died: take them over. */
    async sweep() {
      const stalled = await ctx.db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.status, 'sending'), or(isNull(newsletterIssues.leaseUntil), lt(newsletterIssues.leaseUntil, new Date()))));
      for (const { id } of stalled) if (!running.has(id) && (await takeLease(id))) void run(id);
    },
    /** Waits until nothing is being sent by this process (tests, shutdown). */
    async idle() {
      while (running.size) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
export type NewsletterJob = ReturnType<typeof createNewsletterJob>;
