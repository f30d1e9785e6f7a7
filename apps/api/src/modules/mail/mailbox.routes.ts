import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, emailSchema, errorEnvelopeSchema } from '@app/contract';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import type { MailRepository, OutboxRow } from './mail.repository.ts';

/**
 * The development mailbox: every email the product wrote, readable without a mail server.
 * It holds verification and password-reset codes, so it is dangerous anywhere but on a
 * developer's machine: app.ts registers it only outside production and without SMTP_URL, and
 * here it answers only connections from the machine itself (decision 0005).
 */
const outboxMessageSchema = z.object({
  _id: z.string(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).nullable(),
  status: z.string(),
  createdAt: z.string(),
});

const toMessage = (row: OutboxRow) => ({
  _id: row.id,
  to: row.toAddress,
  template: row.template,
  subject: row.subject,
  text: row.text,
  html: row.html,
  headers: row.headers ?? null,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. Only the socket's own peer address
 * counts: request.ip follows X-Forwarded-For when TRUST_PROXY is on, and a header is easy to fake.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/** Never in production and never once real mail is sent (SMTP_URL): the outbox then holds real people's codes. */
export const mailboxEnabled = (config: { nodeEnv: string; smtpUrl?: string }) => config.nodeEnv !== 'production' && !config.smtpUrl;

/**
 * A proxy on this machine connects from loopback too, on behalf of someone elsewhere: a request
 * carrying forwarding headers did not start here. (The headers can only take access away.)
 */
function relayedByProxy(headers: Record<string, unknown>): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => headers[name] !== undefined);
}

export const mailboxRoutes: FastifyPluginAsyncZod<{ mail: MailRepository }> = async (app, { mail }) => {
  // Anyone else gets the same 404 as when the mailbox is off, so it does not even reveal itself.
  app.addHook('onRequest', async (request, reply) => {
    if (isLoopbackAddress(request.socket.remoteAddress) && !relayedByProxy(request.headers)) return;
    reply.callNotFound();
    return reply;
  });

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Emails in the outbox, newest first (development only)',
        querystring: z.object({ to: emailSchema.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: dataEnvelope(z.array(outboxMessageSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: (await mail.list(request.query)).map(toMessage) }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await mail.list({ limit: 100 });
    const items = rows
      .map(
        (row) => `<li><a href="/dev/mailbox/${row.id}"><strong>${escapeHtml(row.subject)}</strong></a>
<span>to ${escapeHtml(row.toAddress)} · ${row.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC · ${row.status}</span>
<pre>${escapeHtml(row.text)}</pre></li>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1f24}li{list-style:none;border:1px solid #d8dde3;border-radius:8px;padding:1rem;margin:0 0 1rem}span{display:block;color:#555;font-size:.9rem}pre{white-space:pre-wrap;background:#f4f6f8;padding:.75rem;border-radius:6px}a{color:#1d5fd1}</style></head>
<body><h1>Development mailbox</h1><p>Every email the product has written (newest first). Only this machine can read it. Set <code>SMTP_URL</code> to send real email; with it, or in production, this page does not exist.</p>
<ul>${items || '<li>No email yet.</li>'}</ul></body></html>`);
  });

  app.get('/dev/mailbox/:id', { schema: { hide: true, params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const row = await mail.findById(request.params.id);
    if (!row) throw notFound('Email');
    // The stored HTML is ours, but it is shown with no scripts allowed at all.
    return reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:").type('text/html; charset=utf-8').send(row.html);
  });
};
