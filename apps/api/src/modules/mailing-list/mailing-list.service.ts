import {
  NEWSLETTER_CONFIRMATIONS_PER_DAY,
  NEWSLETTER_CONFIRM_TTL_DAYS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RESEND_AFTER_SECONDS,
  type MailingListResponse,
} from '@app/contract';
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newLinkToken, tokenHash } from '../auth/auth.context.ts';
import { createMailRepository, type MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { RenderedEmail } from '../mail/mail.templates.ts';
import type { UserRow } from '../users/users.repository.ts';
import { newsletterMails, type UnsubscribeLinks } from './mailing-list.mails.ts';
import { createMailingListRepository, type MailingListRepository, type SubscriberRow } from './mailing-list.repository.ts';
import { readUnsubscribeToken, unsubscribeToken } from './mailing-list.tokens.ts';

/** Everything the mailing list needs; built once in app.ts. */
export interface MailingListContext {
  db: Database;
  repo: MailingListRepository;
  mail: MailRepository;
  dispatcher: MailDispatcher;
  publicUrl: string;
  /** Keys the HMAC of unsubscribe links. */
  unsubscribeKey: string;
  now: () => Date;
}

/** The context from the app's pieces; app.ts and the newsletter:send command build it alike. */
export function createMailingListContext(db: Database, dispatcher: MailDispatcher, config: { jwtSecret: string; publicUrl: string }): MailingListContext {
  return {
    db,
    repo: createMailingListRepository(db),
    mail: createMailRepository(db),
    dispatcher,
    publicUrl: config.publicUrl,
    // Derived from the server's secret, so links stay valid across restarts and processes.
    unsubscribeKey: createHmac('sha256', config.jwtSecret).update('newsletter-unsubscribe').digest('hex'),
    now: () => new Date(),
  };
}

type Enqueue = (to: string, email: RenderedEmail) => Promise<void>;

/** One short transaction; mail written in it is delivered only after the commit. */
async function inTransaction<T>(ctx: MailingListContext, work: (repo: MailingListRepository, mail: MailRepository, enqueue: Enqueue) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const mail = createMailRepository(txDb);
    return work(createMailingListRepository(txDb), mail, async (to, email) => {
      await mail.enqueue(txDb, to, email);
      queued = true;
    });
  });
  if (queued) ctx.dispatcher.kick();
  return result;
}

export interface SubscribeOutcome {
  status: 200 | 201;
  body: MailingListResponse;
}

const api = (ctx: MailingListContext, path: string) => `${ctx.publicUrl}/api/v1/mailing-lists/${path}`;

export function unsubscribeLinks(ctx: MailingListContext, subscriberId: string): UnsubscribeLinks {
  const tk = encodeURIComponent(unsubscribeToken(ctx.unsubscribeKey, subscriberId));
  const url = api(ctx, `unsubscribe?tk=${tk}`);
  return { page: url, oneClick: url };
}

/**
 * POST /v1/mailing-lists, the outcomes of spec §4 and §8:
 * - a signed-in user's own verified email: subscribed at once (201);
 * - already confirmed: 200 with existingUser (the web's OK-only state);
 * - pending, confirmation sent under a minute ago: 409, no new mail;
 * - otherwise (new, pending, unsubscribed earlier): a confirmation mail, 200 (the verify step).
 * The answer depends only on the list, never on whether the address has an account.
 */
export async function subscribe(ctx: MailingListContext, email: string, user: UserRow | null): Promise<SubscribeOutcome> {
  const now = ctx.now();
  const ownVerifiedEmail = Boolean(user && user.emailVerifiedAt && user.email === email);
  return inTransaction(ctx, async (repo, mail, enqueue) => {
    const row = await repo.lockOrCreate(email);
    if (row.status === 'subscribed') {
      return { status: 200, body: { success: true, message: NEWSLETTER_MESSAGES.alreadySubscribed, existingUser: true } };
    }
    if (ownVerifiedEmail) {
      await repo.update(row.id, { status: 'subscribed', userId: user!.id, confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null });
      await enqueue(email, newsletterMails.welcome({ shopUrl: `${ctx.publicUrl}/`, unsubscribe: unsubscribeLinks(ctx, row.id) }));
      return { status: 201, body: { success: true, message: NEWSLETTER_MESSAGES.subscribed, existingUser: false } };
    }
    if (row.status === 'pending' && row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < NEWSLETTER_RESEND_AFTER_SECONDS * 1000) {
      throw new AppError('NEWSLETTER_CONFIRMATION_PENDING', NEWSLETTER_MESSAGES.confirmationPending);
    }
    // However the requests are spread over time, one address gets a bounded number of mails.
    const sentToday = await mail.countRecent(email, 'newsletter-confirm', new Date(now.getTime() - 24 * 3600_000));
    if (sentToday >= NEWSLETTER_CONFIRMATIONS_PER_DAY) throw new AppError('RATE_LIMITED', NEWSLETTER_MESSAGES.tooMany);

    const token = newLinkToken();
    await repo.update(row.id, {
      status: 'pending',
      userId: user?.id ?? row.userId,
      confirmTokenHash: token.hash,
      confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_DAYS * 24 * 3600_000),
      confirmSentAt: now,
    });
    await enqueue(email, newsletterMails.confirm({ link: api(ctx, `verify?tk=${token.token}`) }));
    return { status: 200, body: { success: true, message: NEWSLETTER_MESSAGES.confirmationSent, existingUser: false } };
  });
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'used' | 'invalid';

/**
 * GET /v1/mailing-lists/verify?tk=: the confirmation link. The hash stays on the row after use,
 * so a second click can say honestly "already confirmed" instead of "invalid".
 */
export async function confirm(ctx: MailingListContext, token: string | undefined): Promise<ConfirmOutcome> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
  const now = ctx.now();
  return inTransaction(ctx, async (repo, _mail, enqueue) => {
    const row = await repo.lockByConfirmHash(tokenHash(token));
    if (!row) return 'invalid';
    if (row.status === 'subscribed') return 'already-confirmed';
    if (row.status !== 'pending') return 'used';
    if (!row.confirmExpiresAt || row.confirmExpiresAt <= now) return 'expired';
    await repo.update(row.id, { status: 'subscribed', confirmedAt: now, unsubscribedAt: null });
    await enqueue(row.email, newsletterMails.welcome({ shopUrl: `${ctx.publicUrl}/`, unsubscribe: unsubscribeLinks(ctx, row.id) }));
    return 'confirmed';
  });
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already-unsubscribed' | 'invalid';

/** Whether an unsubscribe link is genuine, and the subscriber's state (GET shows a confirm button). */
export async function unsubscribeState(ctx: MailingListContext, token: string | undefined): Promise<{ row: SubscriberRow } | null> {
  const id = readUnsubscribeToken(ctx.unsubscribeKey, token);
  const row = id ? await ctx.repo.findById(id) : undefined;
  return row ? { row } : null;
}

/** POST /v1/mailing-lists/unsubscribe?tk=: the form on the page and RFC 8058 one-click both land here. */
export async function unsubscribe(ctx: MailingListContext, token: string | undefined): Promise<UnsubscribeOutcome> {
  const id = readUnsubscribeToken(ctx.unsubscribeKey, token);
  if (!id) return 'invalid';
  const row = await ctx.repo.findById(id);
  if (!row) return 'invalid';
  return (await ctx.repo.unsubscribe(id, ctx.now())) ? 'unsubscribed' : 'already-unsubscribed';
}

/** Writes one issue to every confirmed subscriber, each with their own unsubscribe link. */
export async function sendIssue(ctx: MailingListContext, subject: string, paragraphs: string[]): Promise<number> {
  const subscribers = await ctx.repo.confirmed();
  for (const subscriber of subscribers) {
    await ctx.mail.enqueue(ctx.db, subscriber.email, newsletterMails.issue({ subject, paragraphs, unsubscribe: unsubscribeLinks(ctx, subscriber.id) }));
  }
  if (subscribers.length > 0) ctx.dispatcher.kick();
  return subscribers.length;
}
