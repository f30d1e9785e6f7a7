import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { renderDeferred, withBody } from './mail.deferred.ts';
import type { ClaimedMail, MailRepository, OutboxInsert } from './mail.repository.ts';

/** Back-off between delivery attempts; after the last one a message is marked failed. */
const RETRY_DELAYS_SECONDS = [10, 60, 300, 900, 3600, 3 * 3600];
const SWEEP_INTERVAL_MS = 15_000;
/** Mails kept per statement without SMTP (up to this many pending, and as many left mid-send). */
const KEEP_BATCH = 100;
/**
 * A kick starts a sweep this long after it, so the commits of a burst share one sweep instead of
 * each order paying two statements for its own mail (one buyer looping: a sweep per order).
 */
const KICK_COALESCE_MS = 50;

/**
 * Delivers the outbox after commit. With SMTP_URL the messages go out through nodemailer;
 * without it they stay in the outbox (read them at /dev/mailbox) and are only logged.
 * A failed send is retried later; the change that caused the email is never rolled back.
 */
export class MailDispatcher {
  private readonly transporter: Transporter | null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** A kicked sweep waiting for its moment (KICK_COALESCE_MS). */
  private pending: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly repository: MailRepository,
    private readonly options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get mode(): 'smtp' | 'outbox' {
    return this.transporter ? 'smtp' : 'outbox';
  }

  start() {
    this.timer = setInterval(() => this.kick(), SWEEP_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    this.timer = null;
    this.pending = null;
    await this.running;
    this.transporter?.close();
  }

  /**
   * The outbox columns of a mail written now, to be delivered at `sendAt` (decision 0077). With
   * SMTP it waits for the sender (the columns' defaults). Without SMTP a mail due now is written
   * kept: keeping it is all the sender would do, and doing that later rewrote each row (a second
   * row version and its index entries, about 2 KB of WAL per order). Its body, if deferred, is
   * rendered when the mailbox reads it (mail.deferred.ts). Mail held for a later day waits as before.
   */
  writtenAs(at: Date, sendAt: Date = at): Partial<OutboxInsert> {
    if (this.transporter || sendAt > at) return {};
    return { status: 'sent', transport: 'outbox', sentAt: at, attempts: 1 };
  }

  /** After the commit of mail written with `writtenAs`: logs what was kept, and starts the sender for the rest. */
  committed(mails: readonly (Pick<OutboxInsert, 'toAddress' | 'subject' | 'status'> & { id: string })[]) {
    let waiting = false;
    for (const mail of mails) {
      if (mail.status === 'sent') this.logKept(mail);
      else waiting = true;
    }
    if (waiting) this.kick();
  }

  private logKept(mail: { id: string; toAddress: string; subject: string }) {
    this.options.log.info({ to: mail.toAddress, subject: mail.subject, mailId: mail.id }, 'mail: kept in the outbox (no SMTP_URL); read it at /dev/mailbox');
  }

  /** Call after a commit that enqueued mail: delivery starts shortly after, without delaying the response. */
  kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.pending || this.stopped) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.sweep();
    }, KICK_COALESCE_MS);
    this.pending.unref();
  }

  private sweep() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.runAsSweep(() => this.drain()).catch((error) => this.options.log.error({ err: error }, 'mail: outbox sweep failed'));
  }

  /**
   * Runs one drain as the sweep: `running` holds it (a kick meanwhile sets `again` and waits), and
   * when it settles a kick that came meanwhile starts the next sweep. Rejects as the drain does.
   */
  private async runAsSweep(drain: () => Promise<void>) {
    const run = drain();
    const settled = run.then(
      () => {},
      () => {},
    );
    this.running = settled;
    try {
      await run;
    } finally {
      if (this.running === settled) this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }
  }

  /**
   * Delivers everything due now and resolves when done (tests and shutdown use this). `at`
   * moves the clock for tests: mail held until a later time (a gift's day) is due then.
   */
  async flush(at?: Date) {
    // A kicked sweep still waiting is this one; one running is waited for, and a kick meanwhile
    // waits for this one (it must not claim a mail and send it after flush has answered).
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    while (this.running) await this.running;
    await this.runAsSweep(() => this.drain(at));
  }

  private async drain(at?: Date) {
    const transporter = this.transporter;
    if (!transporter) return this.keepInOutbox(at);
    for (;;) {
      const batch = await this.repository.claimDue(10, at);
      if (batch.length === 0) return;
      for (const message of batch) await this.deliver(transporter, message);
    }
  }

  /**
   * Without SMTP: due messages are read, those written to be rendered later are rendered, and all
   * are marked kept with their bodies in one statement (one row version per mail); each one this
   * worker marked is logged.
   */
  private async keepInOutbox(at?: Date) {
    for (;;) {
      const due = await this.repository.dueToKeep(KEEP_BATCH, at);
      if (due.length === 0) return;
      const rendered = new Map(due.map((message) => [message.id, message.render ? pick(renderDeferred(message.render)) : null]));
      const kept = await this.repository.keep(due.map((message) => ({ id: message.id, ...rendered.get(message.id) })), at);
      const byId = new Map(due.map((message) => [message.id, message]));
      for (const id of kept) {
        const message = byId.get(id)!;
        this.logKept({ id, toAddress: message.toAddress, subject: rendered.get(id)?.subject ?? message.subject });
      }
      if (due.length < KEEP_BATCH) return;
    }
  }

  private async deliver(transporter: Transporter, claimed: ClaimedMail) {
    const message = withBody(claimed);
    try {
      await transporter.sendMail({ from: this.options.from, to: message.toAddress, subject: message.subject, html: message.html, text: message.text, headers: message.headers ?? undefined });
      await this.repository.markSent(message.id, 'smtp', claimed.render ? pick(message) : undefined);
      this.options.log.info({ to: message.toAddress, mailId: message.id }, 'mail: sent');
    } catch (error) {
      const delay = RETRY_DELAYS_SECONDS[message.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(Date.now() + delay * 1000);
      const reason = error instanceof Error ? error.message : String(error);
      await this.repository.markFailed(message.id, reason.slice(0, 500), retryAt);
      this.options.log.warn({ mailId: message.id, attempts: message.attempts, retryAt, reason }, 'mail: send failed');
    }
  }
}

function pick(mail: { subject: string; html: string; text: string }) {
  return { subject: mail.subject, html: mail.html, text: mail.text };
}
