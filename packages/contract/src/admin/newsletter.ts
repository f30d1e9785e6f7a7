import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { adminListQuerySchema } from './common.ts';

/**
 * `newsletter` (staff and owners): subscriber counts; issues composed as a subject and plain
 * text (blank lines separate paragraphs), previewed as the mail subscribers get, and sent from
 * the console as a background job whose progress the issue reports. Each mail carries the
 * subscriber's own unsubscribe link and the List-Unsubscribe headers, as every newsletter mail does.
 */

export const newsletterCountsSchema = z.object({
  subscribed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  /** Subscribed in the last 30 days. */
  newLast30Days: z.number().int(),
});

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;

export const newsletterIssueBodySchema = z.object({
  subject: textField({ label: 'subject', max: 200, required: true }),
  body: textField({ label: 'text', max: 50_000, required: true, multiline: true }),
});
export type NewsletterIssueBody = z.input<typeof newsletterIssueBodySchema>;
export const newsletterIssueUpdateBodySchema = newsletterIssueBodySchema.partial().refine((b) => b.subject !== undefined || b.body !== undefined, {
  message: 'Send a new subject or text',
  path: ['subject'],
});

export const newsletterIssueSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  /** Subscribers it goes to (fixed when sending starts). */
  recipients: z.number().int().nullable(),
  /** Mails written to the outbox so far: progress is written / recipients. */
  written: z.number().int(),
  /** What became of the mails written: handed to the mail server, still waiting (or being retried), given up on. */
  delivery: z.object({ delivered: z.number().int(), waiting: z.number().int(), failed: z.number().int() }),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sendStartedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

export const newsletterIssueListQuerySchema = adminListQuerySchema(['createdAt'] as const, { sort: 'createdAt', order: 'desc' });

/** `POST newsletter/preview`: the mail as a subscriber receives it (with a sample unsubscribe link). */
export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
});
