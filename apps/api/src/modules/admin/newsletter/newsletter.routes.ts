import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { dataEnvelope, messageEnvelopeSchema } from '@app/contract';
import {
  adminIdParamsSchema,
  adminPageSchema,
  newsletterCountsSchema,
  newsletterIssueBodySchema,
  newsletterIssueListQuerySchema,
  newsletterIssueSchema,
  newsletterIssueUpdateBodySchema,
  newsletterPreviewSchema,
  type NewsletterIssue,
} from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { mailingListSubscribers, newsletterIssues, outboxEmails } from '../../../db/schema/index.ts';
import { newsletterMails } from '../../mailing-list/mailing-list.mails.ts';
import { unsubscribeLinks, type MailingListContext } from '../../mailing-list/mailing-list.service.ts';
import { paragraphsOf } from '../../mailing-list/paragraphs.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { actorOf, changedFields, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import type { NewsletterJob } from './newsletter.job.ts';

type Row = typeof newsletterIssues.$inferSelect;
type Delivery = NewsletterIssue['delivery'];
const NOTHING: Delivery = { delivered: 0, waiting: 0, failed: 0 };

/** Delivery counts of these issues' mails in the outbox (one grouped query). */
async function deliveryOf(db: AdminContext['db'] | Tx, ids: string[]): Promise<Map<string, Delivery>> {
  const counts = new Map<string, Delivery>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ issueId: outboxEmails.newsletterIssueId, status: outboxEmails.status, n: count() })
    .from(outboxEmails)
    .where(inArray(outboxEmails.newsletterIssueId, ids))
    .groupBy(outboxEmails.newsletterIssueId, outboxEmails.status);
  for (const row of rows) {
    const delivery = counts.get(row.issueId!) ?? { ...NOTHING };
    const key = row.status === 'sent' ? 'delivered' : row.status === 'failed' ? 'failed' : 'waiting';
    delivery[key] += Number(row.n);
    counts.set(row.issueId!, delivery);
  }
  return counts;
}

async function views(db: AdminContext['db'] | Tx, rows: Row[]): Promise<NewsletterIssue[]> {
  const delivery = await deliveryOf(db, rows.filter((r) => r.status !== 'draft').map((r) => r.id));
  return rows.map((r) => view(r, delivery.get(r.id) ?? NOTHING));
}

const view = (r: Row, delivery: Delivery): NewsletterIssue => ({
  _id: r.id,
  subject: r.subject,
  body: r.body,
  status: r.status,
  recipients: r.recipients,
  written: r.written,
  delivery,
  createdBy: r.createdByEmail,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  sendStartedAt: r.sendStartedAt?.toISOString() ?? null,
  sentAt: r.sentAt?.toISOString() ?? null,
  sentBy: r.sentByEmail,
});

/**
 * `newsletter`: subscriber counts, issues (drafts edited until sent), a preview of the mail as
 * subscribers get it, and sending as a background job whose progress the issue shows
 * (newsletter.job.ts). An issue is sent once: the draft → sending update decides.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext; list: MailingListContext; job: NewsletterJob }> = async (app, { ctx, list, job }) => {
  const staff = adminAccess();
  const issueEnvelope = { 200: dataEnvelope(newsletterIssueSchema), ...adminErrors };
  async function one(db: AdminContext['db'] | Tx, id: string) {
    const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).limit(1);
    if (!row) throw notFound('That newsletter issue');
    return row;
  }
  const draftOnly = (row: Row) => {
    if (row.status !== 'draft') throw new AppError('CONFLICT', 'This issue has been sent: it can no longer change');
  };

  app.get('/newsletter', { config: staff, schema: { ...adminDoc('Subscriber counts'), response: { 200: dataEnvelope(newsletterCountsSchema), ...adminErrors } } }, async () => {
    const rows = await ctx.db.select({ status: mailingListSubscribers.status, n: count() }).from(mailingListSubscribers).groupBy(mailingListSubscribers.status);
    const [recent] = await ctx.db.select({ n: count() }).from(mailingListSubscribers).where(and(eq(mailingListSubscribers.status, 'subscribed'), gte(mailingListSubscribers.confirmedAt, new Date(Date.now() - 30 * 86_400_000))));
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return ok({ subscribed: of('subscribed'), pending: of('pending'), unsubscribed: of('unsubscribed'), newLast30Days: Number(recent?.n ?? 0) });
  });

  app.post('/newsletter/preview', { config: staff, schema: { ...adminDoc('The mail subscribers would get (with a sample unsubscribe link)'), body: newsletterIssueBodySchema, response: { 200: dataEnvelope(newsletterPreviewSchema), ...adminErrors } } }, async (request) => {
    const mail = newsletterMails.issue({ subject: request.body.subject, paragraphs: paragraphsOf(request.body.body), unsubscribe: unsubscribeLinks(list, '00000000-0000-0000-0000-000000000000') });
    return ok({ subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {} });
  });

  app.get('/newsletter/issues', { config: staff, schema: { ...adminDoc('Newsletter issues, newest first, with sending progress'), querystring: newsletterIssueListQuerySchema, response: { 200: adminPageSchema(newsletterIssueSchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(newsletterIssues).orderBy(q.order === 'asc' ? newsletterIssues.createdAt : desc(newsletterIssues.createdAt)).limit(q.size).offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(newsletterIssues),
    ]);
    return { success: true as const, data: await views(ctx.db, rows), meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  });

  app.post('/newsletter/issues', { config: staff, schema: { ...adminDoc('Write a new issue (a draft)'), body: newsletterIssueBodySchema, response: { 201: dataEnvelope(newsletterIssueSchema), ...adminErrors } } }, async (request, reply) => {
    const actor = actorOf(request);
    const row = await inAdminTransaction(ctx, async (tx) => {
      const [made] = await tx.insert(newsletterIssues).values({ subject: request.body.subject, body: request.body.body, createdByEmail: actor.email }).returning();
      await recordAudit(tx, actor, { action: 'newsletter.create', entity: 'newsletter-issue', entityId: made!.id, summary: `Wrote newsletter issue “${made!.subject}”`, after: { subject: made!.subject } });
      return made!;
    });
    return reply.status(201).send(ok(view(row, NOTHING), 'Draft saved'));
  });

  app.get('/newsletter/issues/:id', { config: staff, schema: { ...adminDoc('One issue with its sending progress'), params: adminIdParamsSchema, response: issueEnvelope } }, async (request) => ok((await views(ctx.db, [await one(ctx.db, request.params.id)]))[0]!));

  app.patch('/newsletter/issues/:id', { config: staff, schema: { ...adminDoc('Edit a draft'), params: adminIdParamsSchema, body: newsletterIssueUpdateBodySchema, response: issueEnvelope } }, async (request) => {
    const row = await inAdminTransaction(ctx, async (tx) => {
      const [before] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, request.params.id)).for('update');
      if (!before) throw notFound('That newsletter issue');
      draftOnly(before);
      const [after] = await tx.update(newsletterIssues).set({ ...request.body, updatedAt: new Date() }).where(eq(newsletterIssues.id, before.id)).returning();
      const diff = changedFields({ subject: before.subject, body: before.body }, { subject: after!.subject, body: after!.body });
      await recordAudit(tx, actorOf(request), { action: 'newsletter.update', entity: 'newsletter-issue', entityId: before.id, summary: `Edited newsletter issue “${after!.subject}”`, ...diff });
      return after!;
    });
    return ok(view(row, NOTHING), 'Draft saved');
  });

  app.delete('/newsletter/issues/:id', { config: staff, schema: { ...adminDoc('Delete a draft'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await inAdminTransaction(ctx, async (tx) => {
      const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, request.params.id)).for('update');
      if (!row) throw notFound('That newsletter issue');
      draftOnly(row);
      await tx.delete(newsletterIssues).where(eq(newsletterIssues.id, row.id));
      await recordAudit(tx, actorOf(request), { action: 'newsletter.delete', entity: 'newsletter-issue', entityId: row.id, summary: `Deleted the draft “${row.subject}”`, before: { subject: row.subject } });
    });
    return { success: true as const, message: 'Draft deleted' };
  });

  app.post('/newsletter/issues/:id/send', { config: staff, schema: { ...adminDoc('Send an issue to every confirmed subscriber, in the background (follow its progress)'), params: adminIdParamsSchema, response: { 202: dataEnvelope(newsletterIssueSchema), ...adminErrors } } }, async (request, reply) => {
    const actor = actorOf(request);
    const row = await inAdminTransaction(ctx, async (tx) => {
      const [recipients] = await tx.select({ n: count() }).from(mailingListSubscribers).where(eq(mailingListSubscribers.status, 'subscribed'));
      const [started] = await tx
        .update(newsletterIssues)
        .set({ status: 'sending', recipients: Number(recipients?.n ?? 0), sendStartedAt: new Date(), sentByEmail: actor.email, leaseUntil: new Date(Date.now() + 60_000), updatedAt: new Date() })
        .where(and(eq(newsletterIssues.id, request.params.id), eq(newsletterIssues.status, 'draft')))
        .returning();
      if (!started) {
        draftOnly(await one(tx, request.params.id));
        throw new AppError('CONFLICT', 'This issue is being sent already');
      }
      await recordAudit(tx, actor, { action: 'newsletter.send', entity: 'newsletter-issue', entityId: started.id, summary: `Started sending “${started.subject}” to ${started.recipients} subscribers`, after: { recipients: started.recipients } });
      return started;
    });
    job.start(row.id);
    return reply.status(202).send(ok(view(row, NOTHING), `Sending to ${row.recipients} subscribers`));
  });
};
