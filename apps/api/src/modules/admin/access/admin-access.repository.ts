import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminSessions, operatorMfa, operators, users } from '../../../db/schema/index.ts';

export interface OperatorRecord {
  operatorId: string;
  role: 'owner' | 'staff';
  mfaEnrolled: boolean;
}

/** The reads the admin access hook makes on every admin request: one query each. */
export function createAdminAccessRepository(db: Database) {
  return {
    /** The admin session of an admin token, its user and their role, in one round trip. */
    async session(sessionId: string, userId: string) {
      const [row] = await db
        .select({
          expiresAt: adminSessions.expiresAt,
          endedAt: adminSessions.endedAt,
          user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, tokenVersion: users.tokenVersion, signInLockedAt: users.signInLockedAt },
          role: operators.role,
          operatorId: operators.id,
        })
        .from(adminSessions)
        .innerJoin(users, eq(users.id, adminSessions.userId))
        .leftJoin(operators, eq(operators.userId, users.id))
        .where(and(eq(adminSessions.id, sessionId), eq(adminSessions.userId, userId)))
        .limit(1);
      return row;
    },

    /**
     * The operator record of a verified account: by its id, or an invitation (or ADMIN_EMAILS row)
     * for its email not linked yet, which is linked now. This is how a role "takes effect when the
     * address is verified": the first time the account comes to the console.
     */
    async operatorOf(user: { id: string; email: string; emailVerifiedAt: Date | null }): Promise<OperatorRecord | undefined> {
      if (!user.emailVerifiedAt) return undefined;
      const [row] = await db
        .select({ id: operators.id, userId: operators.userId, role: operators.role, enrolledAt: operatorMfa.enrolledAt })
        .from(operators)
        .leftJoin(operatorMfa, eq(operatorMfa.userId, user.id))
        .where(or(eq(operators.userId, user.id), and(isNull(operators.userId), eq(operators.email, user.email))))
        .orderBy(sql`${operators.userId} is null`)
        .limit(1);
      if (!row) return undefined;
      if (!row.userId) {
        const linked = await db
          .update(operators)
          .set({ userId: user.id, updatedAt: new Date() })
          .where(and(eq(operators.id, row.id), isNull(operators.userId)))
          .returning({ id: operators.id })
          .catch(() => []);
        if (linked.length === 0) return undefined;
      }
      return { operatorId: row.id, role: row.role, mfaEnrolled: row.enrolledAt !== null };
    },
  };
}
export type AdminAccessRepository = ReturnType<typeof createAdminAccessRepository>;
