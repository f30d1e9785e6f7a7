import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { bearer } from './auth-helpers.ts';
import { json } from './helper.ts';
import { cartClient } from './cart-helpers.ts';

/** A verified account with this email (the recipient of a gift), signed in. */
export async function accountWithEmail(app: FastifyInstance, email: string, verified = true) {
  const tag = Math.random().toString(36).slice(2, 10);
  const [row] = await app.database.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-hash', firstName: 'Friend', lastName: tag, slug: `friend-${tag}`, emailVerifiedAt: verified ? new Date() : null })
    .returning();
  const token = await new TokenSigner(app.config.jwtSecret, 3600).sign({ sub: row.id, tv: row.tokenVersion });
  return { id: row.id, email: row.email, token, cart: cartClient(app, token) };
}

export async function api(app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const response = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: response.statusCode, body: json(response) };
}

export const setGift = (app: FastifyInstance, token: string, cartItemId: string, gift: unknown) => api(app, token, 'PATCH', `/api/v1/carts/${cartItemId}/gift`, { gift });

export interface OutboxMail {
  id: string;
  template: string;
  status: string;
  subject: string;
  html: string;
  text: string;
  next_attempt_at: string;
}

/** The outbox rows to an address, oldest first. */
export async function mailTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const result = (await app.database.db.execute(sql`select id, template, status, subject, html, text, next_attempt_at from outbox_emails where to_address = ${to} order by created_at, id`)) as unknown as { rows: OutboxMail[] };
  return result.rows;
}

/** The claim token in a gift email's link. */
export const tokenIn = (mail: OutboxMail) => /\/gifts\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];

export const tonnesOf = async (app: FastifyInstance, token: string): Promise<number> => (await api(app, token, 'GET', '/api/v1/carbon/offsets')).body.data.tonnesRetired;

export const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const userIdOf = async (app: FastifyInstance, email: string) => (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
