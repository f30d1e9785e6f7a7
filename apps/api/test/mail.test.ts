import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, json } from './helper.ts';
import { PASSWORD, login, register } from './auth-helpers.ts';
import { startSmtp } from './smtp-capture.ts';


describe('email through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Carbonwise <hello@carbonwise.test>' } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the verification email with HTML and text, and its code verifies the account', async () => {
    const { email, signUpProof } = await register(app);
    await app.mail.flush();
    const mail = smtp.received.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toContain('hello@carbonwise.test');
    expect(mail!.html).toContain('Verify email');
    const code = /Your code: (\d{6})/.exec(mail!.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const response = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: code, signUpProof } });
    expect(response.statusCode).toBe(200);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the account and retries when the mail server is down', async () => {
    const port = smtp.port;
    await smtp.close();
    const { email, response } = await register(app);
    expect(response.statusCode).toBe(201);
    await app.mail.flush();
    const pending = (await app.database.db.execute(sql`SELECT status, attempts, last_error FROM outbox_emails WHERE to_address = ${email}`)) as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] };
    expect(pending.rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.rows[0].last_error).toBeTruthy();
    const users = (await app.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`)) as unknown as { rows: { n: number }[] };
    expect(users.rows[0].n).toBe(1);

    smtp = await startSmtp(port);
    await app.database.db.execute(sql`UPDATE outbox_emails SET next_attempt_at = now() WHERE to_address = ${email}`);
    await app.mail.flush();
    const sent = (await app.database.db.execute(sql`SELECT status, attempts FROM outbox_emails WHERE to_address = ${email}`)) as unknown as { rows: { status: string; attempts: number }[] };
    expect(sent.rows[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.some((m) => m.subject?.startsWith('Verify your email'))).toBe(true);
  });
});

describe('development mailbox', () => {
  it('shows the outbox as JSON and as a page, and not at all in production', async () => {
    const app = await createTestApp({ seed: false });
    const { email } = await register(app);
    await app.mail.flush();
    const outbox = json(await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` }));
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0]).toMatchObject({ to: email, template: 'verify-account', status: 'sent' });
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    const one = await app.inject({ method: 'GET', url: `/dev/mailbox/${outbox.data[0]._id}` });
    expect(one.body).toContain('Verify email');
    expect(one.headers['content-security-policy']).toContain("default-src 'none'");
    await app.close();

    const production = await createTestApp({ seed: false, env: { NODE_ENV: 'production' } });
    expect((await production.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/dev/mailbox' })).body).not.toContain('Development mailbox');
    await production.close();
  });
});

describe('the outbox without SMTP', () => {
  it('keeps a burst of 150 mails in 4 statements, each marked once, and sends nothing twice', async () => {
    const statements: string[] = [];
    const app = await createTestApp({ seed: false, logger: { logQuery: (query) => void statements.push(query) } });
    await app.mail.flush();
    await app.database.db.execute(sql`
      INSERT INTO outbox_emails (id, to_address, template, subject, html, text)
      SELECT gen_random_uuid(), 'burst' || g || '@example.com', 'test', 'Burst ' || g, '<p>hi</p>', 'hi' FROM generate_series(1, 150) g`);
    statements.length = 0;
    await app.mail.flush();
    const outboxStatements = statements.filter((query) => /outbox_emails/i.test(query));
    // Two per hundred: read what is due, then mark it kept with its rendered body (migration
    // 0048). Was one claim per 10 and one update per mail: 15 + 150 + 1.
    expect(outboxStatements).toHaveLength(4);
    const kept = (await app.database.db.execute(sql`
      SELECT status, transport, attempts, sent_at IS NOT NULL AS dated FROM outbox_emails WHERE to_address LIKE 'burst%'`)) as unknown as { rows: { status: string; transport: string; attempts: number; dated: boolean }[] };
    expect(kept.rows).toHaveLength(150);
    expect(kept.rows.every((row) => row.status === 'sent' && row.transport === 'outbox' && row.attempts === 1 && row.dated)).toBe(true);
    statements.length = 0;
    await app.mail.flush();
    expect(statements.filter((query) => /outbox_emails/i.test(query))).toHaveLength(1);
    await app.close();
  });
});
