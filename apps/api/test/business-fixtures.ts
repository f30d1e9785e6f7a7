import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { businesses, businessMembers, users } from '../src/db/schema/index.ts';

/**
 * A business row with this id, owned by a fresh placeholder account, for tests that write
 * business orders or reviews straight into the database and need the foreign key to hold.
 * Does nothing when the business exists already.
 */
export async function ensureBusiness(app: FastifyInstance, businessId: string): Promise<void> {
  const db = app.database.db;
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const [owner] = await db
    .insert(users)
    .values({ email: `owner-${suffix.toLowerCase()}@example.test`, passwordHash: 'x', firstName: 'Fixture', lastName: 'Owner', slug: `fixture-owner-${suffix.toLowerCase()}` })
    .returning({ id: users.id });
  await db
    .insert(businesses)
    .values({ id: businessId, ownerUserId: owner.id, name: `Fixture ${suffix}`, businessCode: `FIX-${suffix}`, employeeJoinCode: `EMP-${suffix}`, supplierCode: `SUP-${suffix}`, distributorCode: `DIS-${suffix}`, businessSlug: `fixture-${suffix.toLowerCase()}` })
    .onConflictDoNothing({ target: businesses.id });
}

/** A business owned by `ownerUserId`, written straight into the database; answers its id and codes. */
export async function insertBusiness(app: FastifyInstance, ownerUserId: string, name = 'Greenleaf Ltd') {
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const [row] = await app.database.db
    .insert(businesses)
    .values({ ownerUserId, name, businessCode: `BIZ-${suffix}`, employeeJoinCode: `EMP-${suffix}`, supplierCode: `SUP-${suffix}`, distributorCode: `DIS-${suffix}`, businessSlug: `biz-${suffix.toLowerCase()}` })
    .returning();
  return row;
}

/** A membership of `userId` in a business (active unless told otherwise). */
export async function insertMember(app: FastifyInstance, businessId: string, userId: string, options: { role?: 'employee' | 'supplier' | 'distributor'; status?: 'active' | 'exited' | 'removed' } = {}) {
  const [row] = await app.database.db
    .insert(businessMembers)
    .values({ businessId, userId, role: options.role ?? 'employee', status: options.status ?? 'active' })
    .returning();
  return row;
}
