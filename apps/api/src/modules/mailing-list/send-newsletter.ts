import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../config.ts';
import { configuredDatabase, openDatabase } from '../../db/client.ts';
import { createMailRepository } from '../mail/mail.repository.ts';
import { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { createMailingListContext, sendIssue } from './mailing-list.service.ts';
import { paragraphsOf } from './paragraphs.ts';

/**
 * `npm run newsletter:send -- --subject "…" --file body.md [--dry-run]`: writes one issue to the
 * outbox for every confirmed subscriber (each with their own unsubscribe link and headers) and
 * delivers it. The body is plain text; blank lines separate paragraphs. On the embedded
 * database (PGlite) stop the server first: only one process can open its data directory.
 */
async function main() {
  const { values } = parseArgs({ options: { subject: { type: 'string' }, file: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
  if (!values.subject?.trim() || !values.file) {
    console.error('Usage: npm run newsletter:send -- --subject "Subject" --file body.md [--dry-run]');
    process.exit(2);
  }
  // npm runs the script inside apps/api; a relative path means where the operator typed it.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), values.file);
  const paragraphs = paragraphsOf(await readFile(file, 'utf8'));
  if (paragraphs.length === 0) throw new Error(`${values.file} is empty`);

  const config = loadConfig();
  const handle = await openDatabase(configuredDatabase(config));
  const quiet = () => {};
  const log = { info: quiet, debug: quiet, trace: quiet, warn: console.warn, error: console.error, fatal: console.error } as unknown as FastifyBaseLogger;
  const dispatcher = new MailDispatcher(createMailRepository(handle.db), { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  try {
    await handle.migrate();
    const ctx = createMailingListContext(handle.db, dispatcher, config);
    if (values['dry-run']) {
      console.log(`Dry run: "${values.subject}" (${paragraphs.length} paragraphs) would go to ${(await ctx.repo.confirmed()).length} confirmed subscribers.`);
      return;
    }
    const sent = await sendIssue(ctx, values.subject.trim(), paragraphs);
    await dispatcher.flush();
    console.log(`"${values.subject}" written to ${sent} confirmed subscribers (${dispatcher.mode === 'smtp' ? 'sent by SMTP' : 'kept in the outbox: no SMTP_URL'}).`);
  } finally {
    await dispatcher.stop();
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`newsletter:send failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
