import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userChains, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export type ChainRow = typeof userChains.$inferSelect;

/**
 * Who may touch a chain: only its two people read or remove it, only the one who was asked
 * confirms it. Unknown is 404; someone else's chain is 403 (as business.access does).
 */
export async function findChain(db: Database, id: string): Promise<ChainRow | null> {
  const [row] = await db.select().from(userChains).where(eq(userChains.id, id)).limit(1);
  return row ?? null;
}

export const isParty = (chain: ChainRow, userId: string) => chain.parentUserId === userId || chain.childUserId === userId;
/** The one who answers: whoever did not ask (null while an invitation by email waits for an account to claim it). */
export const confirmerOf = (chain: ChainRow): string | null => (chain.requestedByUserId === chain.parentUserId ? chain.childUserId : chain.parentUserId);

export async function requireChainParty(db: Database, userId: string, id: string): Promise<ChainRow> {
  const chain = await findChain(db, id);
  if (!chain) throw new AppError('NOT_FOUND', 'Chain was not found');
  if (!isParty(chain, userId)) throw new AppError('FORBIDDEN', 'Only the two people in a chain can see or change it');
  return chain;
}

/**
 * A person to chain with, by user id, or by email when the account has proved that address (an
 * unverified account is treated as none: whoever verifies the address claims the invitation).
 */
export async function findPerson(db: Database, ref: { userId?: string | undefined; email?: string | undefined }): Promise<{ id: string } | null> {
  const where = ref.userId ? eq(users.id, ref.userId) : sql`${users.email} = ${ref.email!.trim().toLowerCase()} and ${users.emailVerifiedAt} is not null`;
  const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return row ?? null;
}

/** A person by the referral id of a link: their user id or their address name (slug). */
export async function findByReferralId(db: Database, referralId: string): Promise<{ id: string } | null> {
  const value = referralId.trim();
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(byId ? eq(users.id, value.toLowerCase()) : eq(users.slug, value.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/** Own data only: 404 when the person does not exist, 403 when it is someone else. */
export async function requireSelf(db: Database, callerId: string, userId: string, what: string): Promise<void> {
  if (callerId === userId) return;
  if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND', 'User was not found');
  throw new AppError('FORBIDDEN', `You can only see your own ${what}`);
}
