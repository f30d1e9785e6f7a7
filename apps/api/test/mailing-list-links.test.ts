import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createMailingListContext, sendIssue } from '../src/modules/mailing-list/mailing-list.service.ts';
import { paragraphsOf } from '../src/modules/mailing-list/paragraphs.ts';
import { createTestApp, json } from './helper.ts';
import { mailTo, uniqueEmail } from './auth-helpers.ts';
import { ageConfirmation, browser, linkIn, subscribe, subscribeConfirmed, subscriberRow } from './mailing-list-helpers.ts';
import { startSmtp, type SmtpCapture } from './smtp-capture.ts';

describe('newsletter mail links: confirm and unsubscribe through the real routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('the link confirms once, sends a welcome mail with an unsubscribe link and List-Unsubscribe headers; then 200 existingUser', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(app, email);
    const [confirmMail] = await mailTo(app, email);
    const verify = linkIn(confirmMail!, 'verify');
    const page = await app.inject({ method: 'GET', headers: browser, url: verify });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are subscribed');
    expect((await subscriberRow(app, email))[0].status).toBe('subscribed');

    const [welcome] = await mailTo(app, email);
    expect(welcome!.template).toBe('newsletter-welcome');
    const unsubscribe = linkIn(welcome!, 'unsubscribe');
    expect(welcome!.html).toContain('Unsubscribe');
    const outbox = json(await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).data[0];
    expect(outbox.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+>$/);
    expect(outbox.headers['List-Unsubscribe'].endsWith(`${unsubscribe}>`)).toBe(true);
    expect(outbox.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const second = await app.inject({ method: 'GET', headers: browser, url: verify });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Already confirmed');

    const again = await subscribe(app, email);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ success: true, message: 'You are already subscribed to our newsletter.', existingUser: true });
    expect(await mailTo(app, email)).toHaveLength(2);
  });

  it('unsubscribes without logging in: GET shows a button, POST unsubscribes, one-click POST works too', async () => {
    const email = uniqueEmail('unsub');
    const welcome = await subscribeConfirmed(app, email);
    const link = linkIn(welcome, 'unsubscribe');

    const ask = await app.inject({ method: 'GET', headers: browser, url: link });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toMatch(/<form method="post" action="\/api\/v1\/mailing-lists\/unsubscribe\?tk=/);
    // A link scanner that only GETs unsubscribes nobody.
    expect((await subscriberRow(app, email))[0].status).toBe('subscribed');

    const done = await app.inject({ method: 'POST', url: link, headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await subscriberRow(app, email))[0].status).toBe('unsubscribed');

    const oneClick = await app.inject({ method: 'POST', url: link, headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', headers: browser, url: link });
    expect(again.body).toContain('not on the newsletter list');

    // Subscribing again after unsubscribing needs a new confirmation.
    await ageConfirmation(app, email, 3600);
    const resubscribe = await subscribe(app, email);
    expect(json(resubscribe).existingUser).toBe(false);
    expect((await mailTo(app, email))[0]!.template).toBe('newsletter-confirm');
  });

  it('one-click unsubscribe as a mail client sends it (RFC 8058 form post)', async () => {
    const email = uniqueEmail('oneclick');
    const welcome = await subscribeConfirmed(app, email);
    const response = await app.inject({ method: 'POST', url: linkIn(welcome, 'unsubscribe'), headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(response.statusCode).toBe(200);
    expect((await subscriberRow(app, email))[0].status).toBe('unsubscribed');
  });

  it('expired, used and garbage links get an honest 4xx page, never a 500', async () => {
    const email = uniqueEmail('expired');
    await subscribe(app, email);
    const verify = linkIn((await mailTo(app, email))[0]!, 'verify');
    await app.database.db.execute(sql`UPDATE mailing_list_subscribers SET confirm_expires_at = now() - interval '1 minute' WHERE email = ${email}`);
    const expired = await app.inject({ method: 'GET', headers: browser, url: verify });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await subscriberRow(app, email))[0].status).toBe('pending');

    // Used: confirmed, then unsubscribed, then the old confirmation link clicked again.
    const usedEmail = uniqueEmail('used');
    await subscribe(app, usedEmail);
    const usedLink = linkIn((await mailTo(app, usedEmail))[0]!, 'verify');
    await app.inject({ method: 'GET', headers: browser, url: usedLink });
    const unsubscribe = linkIn((await mailTo(app, usedEmail))[0]!, 'unsubscribe');
    await app.inject({ method: 'POST', headers: browser, url: unsubscribe });
    const used = await app.inject({ method: 'GET', headers: browser, url: usedLink });
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('already used');
    expect((await subscriberRow(app, usedEmail))[0].status).toBe('unsubscribed');

    for (const url of [
      '/api/v1/mailing-lists/verify',
      '/api/v1/mailing-lists/verify?tk=',
      '/api/v1/mailing-lists/verify?tk=abc',
      `/api/v1/mailing-lists/verify?tk=${'A'.repeat(43)}`,
      '/api/v1/mailing-lists/verify?tk=%27%3B--%20drop',
      `/api/v1/mailing-lists/verify?tk=${'x'.repeat(600)}`,
      '/api/v1/mailing-lists/unsubscribe',
      '/api/v1/mailing-lists/unsubscribe?tk=garbage',
      `/api/v1/mailing-lists/unsubscribe?tk=${unsubscribe.split('tk=')[1]!.slice(0, -2)}xx`,
      `/api/v1/mailing-lists/unsubscribe?tk=00000000-0000-7000-8000-000000000000.${'A'.repeat(43)}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const page = await app.inject({ method, headers: browser, url });
        expect(page.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(page.statusCode, url).toBeLessThan(500);
        const api = await app.inject({ method, url });
        expect(api.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(api.statusCode, url).toBeLessThan(500);
        expect(json(api)).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
      }
    }
  });

  it('answers callers that do not ask for HTML with JSON: the envelope on 4xx', async () => {
    const email = uniqueEmail('json');
    await subscribe(app, email);
    const verify = linkIn((await mailTo(app, email))[0]!, 'verify');
    const confirmed = await app.inject({ method: 'GET', url: verify });
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed)).toEqual({ success: true, message: expect.stringContaining('You are subscribed') });
    const unsubscribe = linkIn((await mailTo(app, email))[0]!, 'unsubscribe');
    // RFC 8058: a mail client's one-click POST, typically with no Accept header.
    const oneClick = await app.inject({ method: 'POST', url: unsubscribe, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(json(oneClick).message).toContain('You are unsubscribed');
    const used = await app.inject({ method: 'GET', url: verify });
    expect(used.statusCode).toBe(410);
    expect(json(used)).toMatchObject({ success: false, code: 'NEWSLETTER_LINK_GONE', message: expect.stringContaining('already used') });
  });

});

describe('sending an issue (npm run newsletter:send)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('goes to confirmed subscribers only, each with a working unsubscribe link', async () => {
    const confirmed = uniqueEmail('reader');
    const left = uniqueEmail('left');
    const pending = uniqueEmail('pending');
    await subscribeConfirmed(app, confirmed);
    await app.inject({ method: 'POST', url: linkIn(await subscribeConfirmed(app, left), 'unsubscribe') });
    await subscribe(app, pending);

    const paragraphs = paragraphsOf('First paragraph\nwraps here.\n\n\nSecond one.\n');
    expect(paragraphs).toEqual(['First paragraph wraps here.', 'Second one.']);
    const sent = await sendIssue(createMailingListContext(app.database.db, app.mail, app.config), 'Forests in November', paragraphs);
    expect(sent).toBe(1);
    const [issue] = await mailTo(app, confirmed);
    expect(issue).toMatchObject({ template: 'newsletter-issue', subject: 'Forests in November' });
    expect(issue!.text).toContain('First paragraph wraps here.');
    expect((await mailTo(app, left))[0]!.template).not.toBe('newsletter-issue');
    expect((await mailTo(app, pending))[0]!.template).toBe('newsletter-confirm');

    await app.inject({ method: 'POST', url: linkIn(issue!, 'unsubscribe'), headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect((await subscriberRow(app, confirmed))[0].status).toBe('unsubscribed');
  });
});

describe('newsletter mail over real SMTP', () => {
  let smtp: SmtpCapture;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('the welcome mail carries List-Unsubscribe and List-Unsubscribe-Post headers on the wire', async () => {
    const email = uniqueEmail('smtp');
    await subscribe(app, email);
    await app.mail.flush();
    const confirmMail = smtp.received.find((mail) => mail.subject?.startsWith('Confirm your Carbonwise newsletter'))!;
    expect(confirmMail.headers.get('list-unsubscribe')).toBeUndefined();
    const verify = /(\/api\/v1\/mailing-lists\/verify\?tk=[A-Za-z0-9_-]+)/.exec(confirmMail.text!)![1]!;
    expect((await app.inject({ method: 'GET', headers: browser, url: verify })).statusCode).toBe(200);
    await app.mail.flush();
    const welcome = smtp.received.find((mail) => mail.subject === 'Welcome to the Carbonwise newsletter')!;
    // mailparser folds List-* headers into one structure; the raw lines are what a client reads.
    const line = (key: string) => welcome.headerLines.find((header) => header.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('list-unsubscribe')).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/v1\/mailing-lists\/unsubscribe\?tk=[^>]+>$/);
  });
});
