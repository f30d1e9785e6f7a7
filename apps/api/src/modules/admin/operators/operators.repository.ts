import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { operatorListQuerySchema } from '@app/contract/admin';
import type { Database } from '../../../db/client.ts';
import { adminSessions, operatorMfa, operators, users } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';

export type OperatorRow = typeof operators.$inferSelect;
type Db = Database | Tx;

/**
 * The account an operator row stands for: linked by id, or (not linked yet) the verified account
 * with its email. The join the list and the command line read through.
 */
const accountOf = or(eq(users.id, operators.userId), and(isNull(operators.userId), eq(users.email, operators.email), isNotNull(users.emailVerifiedAt)));

const SORTS: Record<string, SQL | typeof operators.email> = { email: sql`${operators.email}`, role: sql`${operators.role}`, createdAt: sql`${operators.createdAt}` };

export const operatorsRepository = {
  async list(db: Db, query: z.infer<typeof operatorListQuerySchema>) {
    const where = and(query.q ? sql`${operators.email} ilike ${'%' + query.q.replace(/[\\%_]/g, '\\$&') + '%'}` : undefined, query.role ? eq(operators.role, query.role) : undefined);
    const sort = SORTS[query.sort] ?? SORTS.email!;
    const rows = await db
      .select({
        operator: operators,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        enrolledAt: operatorMfa.enrolledAt,
        lastVerifiedAt: sql<Date | null>`(select max(${adminSessions.createdAt}) from ${adminSessions} where ${adminSessions.userId} = ${users.id})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(operators)
      .leftJoin(users, accountOf)
      .leftJoin(operatorMfa, eq(operatorMfa.userId, users.id))
      .where(where)
      .orderBy(query.order === 'asc' ? asc(sort) : desc(sort), asc(operators.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const [total] = await db.select({ n: count() }).from(operators).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  async byId(db: Db, id: string) {
    const [row] = await db.select({ operator: operators, userId: users.id }).from(operators).leftJoin(users, accountOf).where(eq(operators.id, id)).limit(1);
    return row;
  },

  async byEmail(db: Db, email: string) {
    const [row] = await db.select({ operator: operators, userId: users.id }).from(operators).leftJoin(users, accountOf).where(eq(operators.email, email)).limit(1);
    return row;
  },

  /** The verified account with this email, if any. */
  async verifiedAccount(db: Db, email: string) {
    const [row] = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt))).limit(1);
    return row;
  },

  /** Locks the owners' rows (in id order) and answers how many there are: removing or demoting one checks this under the lock. */
  async lockOwners(tx: Tx): Promise<number> {
    const rows = await tx.select({ id: operators.id }).from(operators).where(eq(operators.role, 'owner')).orderBy(asc(operators.id)).for('update');
    return rows.length;
  },

  async insert(db: Db, values: typeof operators.$inferInsert): Promise<OperatorRow> {
    const [row] = await db.insert(operators).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, values: Partial<typeof operators.$inferInsert>): Promise<OperatorRow | undefined> {
    const [row] = await db.update(operators).set({ ...values, updatedAt: new Date() }).where(eq(operators.id, id)).returning();
    return row;
  },

  async remove(db: Db, id: string): Promise<void> {
    await db.delete(operators).where(eq(operators.id, id));
  },

  async activeSessionCount(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(adminSessions).where(and(eq(adminSessions.userId, userId), isNull(adminSessions.endedAt), sql`${adminSessions.expiresAt} > now()`));
    return Number(row?.n ?? 0);
  },
};
