import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { mailTo, type OutboxMessage } from './auth-helpers.ts';

/** Helpers of the mailing-list tests: subscribe, follow mail links, read and age rows. */
export const subscribe = (app: FastifyInstance, email: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/mailing-lists', payload: { email }, headers });

/** What a browser following a mail link sends: it gets the HTML pages. */
export const browser = { accept: 'text/html,application/xhtml+xml' };

/** The path (and query) of a link in a mail, so it can be followed with inject. */
export function linkIn(message: OutboxMessage, route: 'verify' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^/\\s]+(/api/v1/mailing-lists/${route}\\?tk=[A-Za-z0-9_.%-]+)`).exec(message.text);
  if (!match) throw new Error(`no ${route} link in "${message.subject}"`);
  return match[1]!;
}

export async function subscriberRow(app: FastifyInstance, email: string) {
  const result = (await app.database.db.execute(sql`SELECT * FROM mailing_list_subscribers WHERE email = ${email}`)) as unknown as { rows: any[] };
  return result.rows;
}

/** Moves the last confirmation mail of an address back in time, as if a minute had passed. */
export async function ageConfirmation(app: FastifyInstance, email: string, seconds = 61) {
  await app.database.db.execute(sql`UPDATE mailing_list_subscribers SET confirm_sent_at = confirm_sent_at - make_interval(secs => ${seconds}) WHERE email = ${email}`);
}

/** Subscribes and confirms through the real routes; returns the welcome mail. */
export async function subscribeConfirmed(app: FastifyInstance, email: string) {
  expect((await subscribe(app, email)).statusCode).toBe(200);
  const [confirmMail] = await mailTo(app, email);
  expect((await app.inject({ method: 'GET', headers: browser, url: linkIn(confirmMail!, 'verify') })).statusCode).toBe(200);
  const [welcome] = await mailTo(app, email);
  expect(welcome!.template).toBe('newsletter-welcome');
  return welcome!;
}
