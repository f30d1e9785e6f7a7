import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses, businessMembers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../cart/cart.repository.ts';

/**
 * The one place that answers "who is this person to this business?" for every business-scoped
 * module (profiles, members, events, shop pages, business orders). Routes call these instead of
 * writing their own owner checks, so the rules below hold everywhere:
 *
 * - an unknown business is 404; a known one the caller has no right to is 403 for owner-only
 *   calls (the caller could learn the business exists from its public profile anyway);
 * - codes are matched case-insensitively (people type them); `businessCode` is the public
 *   identifier here, never a way in (join codes are secrets, decision 0022);
 * - a member is someone whose membership is `active`; exited and removed members are strangers.
 */
export type BusinessRow = typeof businesses.$inferSelect;
export type MemberRow = typeof businessMembers.$inferSelect;
type Db = Database | Tx;

const byCode = (code: string) => sql`upper(${businesses.businessCode}) = upper(${code.trim()})`;

export async function findBusinessById(db: Db, businessId: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  return row ?? null;
}

/** The business whose public code (`businessCode`) this is, in any letter case. Not a join code: joins read the secret codes (business.members.ts). */
export async function findBusinessByCode(db: Db, businessCode: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(byCode(businessCode)).limit(1);
  return row ?? null;
}

/** The business this person owns (one per owner), or null. */
export async function businessOwnedBy(db: Db, userId: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerUserId, userId)).limit(1);
  return row ?? null;
}

/** This person's active membership and its business, or null (one active membership at most). */
export async function activeMembershipOf(db: Db, userId: string): Promise<{ member: MemberRow; business: BusinessRow } | null> {
  const [row] = await db
    .select({ member: businessMembers, business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.status, 'active')))
    .limit(1);
  return row ?? null;
}

export type BusinessRelation = 'owner' | 'member' | 'none';

/** What the person is to the business: its owner, an active member, or nobody. One query. */
export async function relationTo(db: Db, userId: string, businessId: string): Promise<BusinessRelation> {
  const [row] = await db
    .select({ ownerUserId: businesses.ownerUserId, memberId: businessMembers.id })
    .from(businesses)
    .leftJoin(businessMembers, and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId), eq(businessMembers.status, 'active')))
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) return 'none';
  if (row.ownerUserId === userId) return 'owner';
  return row.memberId ? 'member' : 'none';
}

const businessNotFound = () => new AppError('NOT_FOUND', 'Business was not found');
const ownerOnly = () => new AppError('FORBIDDEN', 'Only the owner of this business can do this');
const membersOnly = () => new AppError('FORBIDDEN', 'Only members of this business can do this');

/** The business (by id or by code) if the caller owns it: 404 when it does not exist, 403 otherwise. */
export async function requireBusinessOwner(db: Db, userId: string, ref: { businessId: string } | { businessCode: string }): Promise<BusinessRow> {
  const business = 'businessId' in ref ? await findBusinessById(db, ref.businessId) : await findBusinessByCode(db, ref.businessCode);
  if (!business) throw businessNotFound();
  if (business.ownerUserId !== userId) throw ownerOnly();
  return business;
}

/** The business if the caller owns it or is an active member: 404 when it does not exist, 403 otherwise. */
export async function requireBusinessMemberOrOwner(
  db: Db,
  userId: string,
  ref: { businessId: string } | { businessCode: string },
): Promise<{ business: BusinessRow; isOwner: boolean }> {
  const business = 'businessId' in ref ? await findBusinessById(db, ref.businessId) : await findBusinessByCode(db, ref.businessCode);
  if (!business) throw businessNotFound();
  if (business.ownerUserId === userId) return { business, isOwner: true };
  if ((await relationTo(db, userId, business.id)) !== 'member') throw membersOnly();
  return { business, isOwner: false };
}
