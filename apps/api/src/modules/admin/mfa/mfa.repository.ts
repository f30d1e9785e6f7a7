import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminSessions, operatorMfa, operatorRecoveryCodes, users } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';

export type MfaRow = typeof operatorMfa.$inferSelect;
type Db = Database | Tx;

/** SQL of the second factor: secrets, recovery codes, wrong-code counters and admin sessions. */
export const mfaRepository = {
  async find(db: Db, userId: string): Promise<MfaRow | undefined> {
    const [row] = await db.select().from(operatorMfa).where(eq(operatorMfa.userId, userId)).limit(1);
    return row;
  },

  async savePending(db: Db, userId: string, pendingSecret: string, pendingExpiresAt: Date): Promise<void> {
    await db
      .insert(operatorMfa)
      .values({ userId, pendingSecret, pendingExpiresAt })
      .onConflictDoUpdate({ target: operatorMfa.userId, set: { pendingSecret, pendingExpiresAt } });
  },

  /** The pending secret becomes the secret, if the row is still not enrolled (a second confirm loses). */
  async confirm(tx: Tx, userId: string, step: number, now: Date): Promise<boolean> {
    const rows = await tx
      .update(operatorMfa)
      .set({ secret: sql`${operatorMfa.pendingSecret}`, enrolledAt: now, pendingSecret: null, pendingExpiresAt: null, lastUsedStep: step, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(operatorMfa.userId, userId), isNull(operatorMfa.enrolledAt)))
      .returning({ userId: operatorMfa.userId });
    return rows.length === 1;
  },

  /** Uses a code's time step, once: a second use of the same (or an older) code changes nothing. */
  async useStep(db: Db, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(operatorMfa)
      .set({ lastUsedStep: step, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(operatorMfa.userId, userId), or(isNull(operatorMfa.lastUsedStep), lt(operatorMfa.lastUsedStep, step))))
      .returning({ userId: operatorMfa.userId });
    return rows.length === 1;
  },

  /** Counts a wrong code; from `max` in a row code checks pause until `lockUntil`. Answers the row after. */
  async countFailure(db: Db, userId: string, max: number, lockUntil: Date): Promise<{ failedAttempts: number; lockedUntil: Date | null }> {
    const [row] = await db
      .update(operatorMfa)
      .set({
        failedAttempts: sql`case when ${operatorMfa.failedAttempts} + 1 >= ${max} then 0 else ${operatorMfa.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${operatorMfa.failedAttempts} + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz else ${operatorMfa.lockedUntil} end`,
      })
      .where(eq(operatorMfa.userId, userId))
      .returning({ failedAttempts: operatorMfa.failedAttempts, lockedUntil: operatorMfa.lockedUntil });
    return row ?? { failedAttempts: 0, lockedUntil: null };
  },

  async replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[]): Promise<void> {
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
    await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses a recovery code once: the conditional update decides between two simultaneous uses. */
  async useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(operatorRecoveryCodes.userId, userId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)))
      .returning({ id: operatorRecoveryCodes.id });
    if (rows.length === 0) return false;
    await db.update(operatorMfa).set({ failedAttempts: 0, lockedUntil: null }).where(eq(operatorMfa.userId, userId));
    return true;
  },

  async recoveryCodesLeft(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(operatorRecoveryCodes).where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  },

  async tokenVersion(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.tv ?? 0;
  },

  async startSession(db: Db, userId: string, expiresAt: Date, usedRecoveryCode: boolean): Promise<string> {
    const [row] = await db.insert(adminSessions).values({ userId, expiresAt, usedRecoveryCode: usedRecoveryCode ? 1 : 0 }).returning({ id: adminSessions.id });
    return row!.id;
  },

  async endSession(db: Db, sessionId: string, now: Date): Promise<void> {
    await db.update(adminSessions).set({ endedAt: now }).where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.endedAt)));
  },

  /** Ends every live admin session of a user (role removed, factor reset, sign-in locked). */
  async endSessionsOf(db: Db, userId: string, now: Date): Promise<void> {
    await db.update(adminSessions).set({ endedAt: now }).where(and(eq(adminSessions.userId, userId), isNull(adminSessions.endedAt)));
  },

  /** Forgets a user's second factor (an owner's reset, or the operator removed). */
  async forget(db: Db, userId: string): Promise<void> {
    await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
    await db.delete(operatorMfa).where(eq(operatorMfa.userId, userId));
  },
};
