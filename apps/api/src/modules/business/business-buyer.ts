import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businesses, businessMembers } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';

/** A business a person may buy for: its owner, or someone who joined it and has not left. */
export interface BuyingBusiness {
  id: string;
  businessCode: string;
  name: string;
  /** The caller owns the business (and so sees all of its orders, not only their own). */
  isOwner: boolean;
}

/**
 * The business with this code, if the person owns it or is an active member; otherwise null, so
 * an unknown code and someone else's business look the same to the caller. One query.
 */
export async function businessOfBuyer(db: Database | Tx, userId: string, businessCode: string): Promise<BuyingBusiness | null> {
  const [row] = await db
    .select({ id: businesses.id, businessCode: businesses.businessCode, name: businesses.name, ownerUserId: businesses.ownerUserId, memberId: businessMembers.id })
    .from(businesses)
    .leftJoin(businessMembers, and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId), eq(businessMembers.status, 'active')))
    .where(sql`upper(${businesses.businessCode}) = upper(${businessCode.trim()})`)
    .limit(1);
  if (!row) return null;
  const isOwner = row.ownerUserId === userId;
  if (!isOwner && !row.memberId) return null;
  return { id: row.id, businessCode: row.businessCode, name: row.name, isOwner };
}
