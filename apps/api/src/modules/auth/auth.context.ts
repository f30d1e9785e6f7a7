import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { TokenSigner } from '../../lib/jwt.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { RenderedEmail } from '../mail/mail.templates.ts';
import { createAuthRepository, type AuthRepository, type UserRow } from './auth.repository.ts';

/** Everything the account services need; built once in app.ts. */
export interface AuthContext {
  db: Database;
  repo: AuthRepository;
  mail: MailRepository;
  dispatcher: MailDispatcher;
  signer: TokenSigner;
  /** Keys the HMAC of one-time codes, so a database leak does not reveal live codes. */
  codeSecret: string;
  publicUrl: string;
  jwtTtlSeconds: number;
  /** TRUST_PROXY: only then do a proxy's headers (country, forwarded address) mean anything. */
  trustProxy: boolean;
  log: FastifyBaseLogger;
  now: () => Date;
}

type Enqueue = (to: string, email: RenderedEmail) => Promise<void>;

/**
 * Runs `work` in one transaction with a repository bound to it; emails it queues are written
 * in the same transaction and delivery is kicked only after the commit.
 */
export async function inTransaction<T>(ctx: AuthContext, work: (repo: AuthRepository, enqueue: Enqueue) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    return work(createAuthRepository(txDb), async (to, email) => {
      await ctx.mail.enqueue(txDb, to, email);
      queued = true;
    });
  });
  if (queued) ctx.dispatcher.kick();
  return result;
}

// OWASP's recommended argon2id parameters (19 MiB, 2 iterations, 1 lane).
const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable here) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;
/** Checks a password; with no account it still spends the same time, so timing reveals nothing. */
export async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(user.passwordHash, password).catch(() => false);
}

export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function codeHash(ctx: AuthContext, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', ctx.codeSecret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random URL-safe token and the SHA-256 kept in the database instead of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

export function publicUser(user: UserRow) {
  return { _id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, createdAt: user.createdAt.toISOString() };
}

/** A page of the web app, for links in emails. */
export const siteLink = (ctx: AuthContext, path: string) => `${ctx.publicUrl}${path}`;

/**
 * The name an email may greet the account by: only once its email is verified. Before that the
 * name is whatever a sign-up typed, and mail must not carry it to someone else's inbox.
 */
export const greetingName = (user: UserRow): string | null => (user.emailVerifiedAt && user.firstName ? user.firstName : null);
