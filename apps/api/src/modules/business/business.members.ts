import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BusinessMember, BusinessMemberRole, BusinessMemberStats, Membership } from '@app/contract/business';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { businesses, businessMembers, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeMembershipOf, findBusinessById, requireBusinessOwner, type BusinessRow, type MemberRow } from './business.access.ts';
import { toBusinessMember, toMembership } from './business.view.ts';

const memberNotFound = () => new AppError('NOT_FOUND', 'Membership was not found');

/**
 * Members of businesses (spec §4 join codes, §7 business-user-profiles): joining with any of the
 * three codes (the code decides the role), reading one's own membership, leaving; the owner lists,
 * counts, edits and removes members. A person is an active member of one business at a time.
 */
export function createBusinessMembers(db: Database) {
  /**
   * The business one of whose three secret join codes this is, and the role that code gives; any
   * letter case. The public `businessCode` is not a join code (issue 23 item 1), unless a business
   * from before decision 0022 still has it as its employee code.
   */
  async function byJoinCode(code: string): Promise<{ business: BusinessRow; role: BusinessMemberRole; code: string } | null> {
    const wanted = code.trim().toUpperCase();
    const [business] = await db
      .select()
      .from(businesses)
      .where(sql`upper(${businesses.employeeJoinCode}) = ${wanted} or upper(${businesses.supplierCode}) = ${wanted} or upper(${businesses.distributorCode}) = ${wanted}`)
      .limit(1);
    if (!business) return null;
    const role: BusinessMemberRole = business.supplierCode.toUpperCase() === wanted ? 'supplier' : business.distributorCode.toUpperCase() === wanted ? 'distributor' : 'employee';
    const used = role === 'supplier' ? business.supplierCode : role === 'distributor' ? business.distributorCode : business.employeeJoinCode;
    return { business, role, code: used };
  }

  /** Whether the owner removed this person and has not re-admitted them. */
  async function removedAndNotReadmitted(businessId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: businessMembers.id })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId), eq(businessMembers.status, 'removed'), isNull(businessMembers.readmittedAt)))
      .limit(1);
    return Boolean(row);
  }

  /** A membership the caller may read: their own, or one in a business they own; otherwise 404. */
  async function readable(callerId: string, memberId: string): Promise<{ member: MemberRow; business: BusinessRow }> {
    const [row] = await db.select({ member: businessMembers, business: businesses }).from(businessMembers).innerJoin(businesses, eq(businesses.id, businessMembers.businessId)).where(eq(businessMembers.id, memberId)).limit(1);
    if (!row || (row.member.userId !== callerId && row.business.ownerUserId !== callerId)) throw memberNotFound();
    return row;
  }

  /** A membership of a business the caller owns (404 when unknown, 403 for anyone else). */
  async function ownedMember(callerId: string, memberId: string): Promise<MemberRow> {
    const [member] = await db.select().from(businessMembers).where(eq(businessMembers.id, memberId)).limit(1);
    if (!member) throw memberNotFound();
    await requireBusinessOwner(db, callerId, { businessId: member.businessId });
    return member;
  }

  return {
    /**
     * `POST business-user-profiles/join {businessCode}`. Joining the business one is already in
     * (with the same role) answers the membership again, so the web may retry after sign-in.
     */
    async join(userId: string, code: string): Promise<{ membership: Membership; joined: boolean }> {
      const found = await byJoinCode(code);
      if (!found) throw new AppError('NOT_FOUND', 'No business has this join code; check it, or ask the business for a new one');
      const { business, role } = found;
      if (business.ownerUserId === userId) throw new AppError('CANNOT_JOIN_OWN_BUSINESS', 'You own this business, so you cannot join it as a member');
      if (await removedAndNotReadmitted(business.id, userId)) {
        throw new AppError('REMOVED_FROM_BUSINESS', `The owner of ${business.name} removed you; you can join again once they re-admit you`);
      }
      const alreadyIn = async () => {
        const current = await activeMembershipOf(db, userId);
        if (!current) return null;
        if (current.business.id === business.id && current.member.role === role) return { membership: toMembership(current.member, current.business), joined: false };
        throw new AppError('ALREADY_IN_BUSINESS', `You are already a member of ${current.business.name}; leave it before joining another business`);
      };
      const existing = await alreadyIn();
      if (existing) return existing;
      try {
        const [member] = await db.insert(businessMembers).values({ businessId: business.id, userId, role, joinedWithCode: found.code }).returning();
        return { membership: toMembership(member!, business), joined: true };
      } catch (error) {
        // Two joins at once: the one-active-membership index lets one in; the other sees it.
        if (!uniqueViolation(error)) throw error;
        const raced = await alreadyIn();
        if (raced) return raced;
        throw error;
      }
    },

    /** `business-user-profiles/user/{userId}`: the caller's active membership (JoinedBusinessDetails), or null. */
    async ofUser(callerId: string, userId: string): Promise<Membership | null> {
      if (callerId !== userId) throw new AppError('FORBIDDEN', 'You can only read your own business membership');
      const current = await activeMembershipOf(db, userId);
      return current ? toMembership(current.member, current.business) : null;
    },

    /** `business-user-profiles/{id}`: the member themself or the business's owner. */
    async get(callerId: string, memberId: string): Promise<Membership> {
      const { member, business } = await readable(callerId, memberId);
      return toMembership(member, business);
    },

    /** `PUT business-user-profiles/exit/business`: leave the business one is in. */
    async exit(userId: string): Promise<Membership> {
      const [left] = await db
        .update(businessMembers)
        .set({ status: 'exited', leftAt: new Date() })
        .where(and(eq(businessMembers.userId, userId), eq(businessMembers.status, 'active')))
        .returning();
      if (!left) throw new AppError('NOT_FOUND', 'You are not a member of any business');
      const business = await findBusinessById(db, left.businessId);
      return toMembership(left, business!);
    },

    /**
     * `business-user-profiles/business/{businessId}?page=&size=`: owner only; active members first,
     * newest first. One statement: the page, its total (a window count) and the ownership check
     * (an EXISTS on the business) together. Only when it finds no row (not the owner, no members,
     * a page past the end) do the check and the count run apart, for the 404/403 and the total.
     */
    async list(callerId: string, businessId: string, page: number, size: number): Promise<{ data: BusinessMember[]; meta: { page: number; size: number; total: number } }> {
      const owned = sql`exists (select 1 from ${businesses} where ${businesses.id} = ${businessId} and ${businesses.ownerUserId} = ${callerId})`;
      const rows = await db
        .select({ member: businessMembers, firstName: users.firstName, lastName: users.lastName, email: users.email, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(businessMembers)
        .innerJoin(users, eq(users.id, businessMembers.userId))
        .where(and(eq(businessMembers.businessId, businessId), owned))
        .orderBy(sql`${businessMembers.status} = 'active' desc`, desc(businessMembers.joinedAt), desc(businessMembers.id))
        .limit(size)
        .offset((page - 1) * size);
      if (rows.length > 0) return { data: rows.map((row) => toBusinessMember(row.member, row)), meta: { page, size, total: rows[0]!.total } };
      await requireBusinessOwner(db, callerId, { businessId });
      const [counted] = await db.select({ n: count() }).from(businessMembers).where(eq(businessMembers.businessId, businessId));
      return { data: [], meta: { page, size, total: counted?.n ?? 0 } };
    },

    /** `business-user-profiles/business/stats/{businessId}`: owner only; one aggregate query. */
    async stats(callerId: string, businessId: string): Promise<BusinessMemberStats> {
      await requireBusinessOwner(db, callerId, { businessId });
      const active = sql`${businessMembers.status} = 'active'`;
      const [row] = await db
        .select({
          active: sql<number>`count(*) filter (where ${active})`.mapWith(Number),
          employee: sql<number>`count(*) filter (where ${active} and ${businessMembers.role} = 'employee')`.mapWith(Number),
          supplier: sql<number>`count(*) filter (where ${active} and ${businessMembers.role} = 'supplier')`.mapWith(Number),
          distributor: sql<number>`count(*) filter (where ${active} and ${businessMembers.role} = 'distributor')`.mapWith(Number),
          exited: sql<number>`count(*) filter (where ${businessMembers.status} = 'exited')`.mapWith(Number),
          removed: sql<number>`count(*) filter (where ${businessMembers.status} = 'removed')`.mapWith(Number),
          withFootprint: sql<number>`count(*) filter (where ${active} and ${isNotNull(businessMembers.carbonTotalKg)})`.mapWith(Number),
          footprintKg: sql<number>`coalesce(sum(${businessMembers.carbonTotalKg}) filter (where ${active}), 0)`.mapWith(Number),
        })
        .from(businessMembers)
        .where(eq(businessMembers.businessId, businessId));
      const r = row!;
      return { active: r.active, byRole: { employee: r.employee, supplier: r.supplier, distributor: r.distributor }, exited: r.exited, removed: r.removed, withFootprint: r.withFootprint, footprintKg: r.footprintKg };
    },

    /** `PUT business-profiles/remove/user/{id}`: the owner removes an active member. */
    async remove(callerId: string, memberId: string): Promise<Membership> {
      const member = await ownedMember(callerId, memberId);
      const [removed] = await db
        .update(businessMembers)
        .set({ status: 'removed', leftAt: new Date() })
        .where(and(eq(businessMembers.id, member.id), eq(businessMembers.status, 'active')))
        .returning();
      if (!removed) throw new AppError('CONFLICT', 'This person is no longer a member of your business');
      return toMembership(removed, (await findBusinessById(db, removed.businessId))!);
    },

    /**
     * `PUT business-profiles/readmit/user/{id}`: the owner lets a removed person join again (with
     * a join code, as anyone). One conditional update, so a repeat answers 409.
     */
    async readmit(callerId: string, memberId: string): Promise<Membership> {
      const member = await ownedMember(callerId, memberId);
      const [readmitted] = await db
        .update(businessMembers)
        .set({ readmittedAt: new Date() })
        .where(and(eq(businessMembers.id, member.id), eq(businessMembers.status, 'removed'), isNull(businessMembers.readmittedAt)))
        .returning();
      if (!readmitted) throw new AppError('CONFLICT', 'Only a removed person who has not been re-admitted yet can be re-admitted');
      return toMembership(readmitted, (await findBusinessById(db, readmitted.businessId))!);
    },

    /** `PUT business-profiles/update/user/{id}`: the owner sets a member's title or department. */
    async update(callerId: string, memberId: string, body: { title?: string; department?: string; reportAccess?: boolean }): Promise<Membership> {
      const member = await ownedMember(callerId, memberId);
      const set: Partial<MemberRow> = {};
      if (body.title !== undefined) set.title = body.title;
      if (body.department !== undefined) set.department = body.department;
      if (body.reportAccess !== undefined) set.reportAccess = body.reportAccess;
      const [updated] = await db.update(businessMembers).set(set).where(eq(businessMembers.id, member.id)).returning();
      return toMembership(updated!, (await findBusinessById(db, updated!.businessId))!);
    },
  };
}

export type BusinessMembers = ReturnType<typeof createBusinessMembers>;
