import { sessionCache } from '../../plugins/session-cache.ts';
import { and, desc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  actionTokens,
  countries,
  loginThrottles,
  oneTimeCodes,
  referralEarnings,
  revokedSessions,
  users,
  type ActionTokenPurpose,
  type OneTimeCodePurpose,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type ActionTokenRow = typeof actionTokens.$inferSelect;
export type LoginThrottleRow = typeof loginThrottles.$inferSelect;

/** date_trunc units, inlined as literals so SELECT and GROUP BY hold the same expression. */
const PERIODS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;
export type Period = keyof typeof PERIODS;

/** Accounts SQL. Pass a transaction to `createAuthRepository(tx)` to run these inside it. */
export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUserBySlug(slug: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.slug, slug)).limit(1);
      return row;
    },
    /** Reads the user and locks the row until the transaction ends (verification vs. a competing sign-up). */
    async lockUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    /** Flags an unverified account as signed up for more than once (decision 0005). */
    async markCompetingSignUps(id: string): Promise<void> {
      await sessionCache.forgetAround(id, () => db.update(users).set({ competingSignUps: true }).where(and(eq(users.id, id), isNull(users.emailVerifiedAt))));
    },
    async insertUser(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row;
    },
    async updateUser(id: string, patch: Partial<NewUser>): Promise<UserRow> {
      const [row] = await sessionCache.forgetAround(id, () => db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id)).returning());
      return row;
    },
    /** Bumps the token version so every JWT issued before now stops working. */
    async changePassword(id: string, passwordHash: string, verifyEmail: boolean): Promise<UserRow> {
      const [row] = await sessionCache.forgetAround(id, () =>
        db
          .update(users)
          .set({
            passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            updatedAt: new Date(),
            ...(verifyEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
          })
          .where(eq(users.id, id))
          .returning(),
      );
      return row;
    },
    async currencyOfCountry(code: string): Promise<string | null> {
      const [row] = await db.select({ currencyCode: countries.currencyCode }).from(countries).where(eq(countries.code, code)).limit(1);
      return row?.currencyCode ?? null;
    },
    async countryExists(code: string): Promise<boolean> {
      const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code)).limit(1);
      return Boolean(row);
    },

    // --- login throttling -------------------------------------------------------------
    async getThrottle(email: string): Promise<LoginThrottleRow | undefined> {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.email, email)).limit(1);
      return row;
    },
    /** Locks the row so concurrent failures are all counted. Call inside a transaction. */
    async lockThrottle(email: string): Promise<LoginThrottleRow> {
      await db.insert(loginThrottles).values({ email }).onConflictDoNothing();
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.email, email)).for('update');
      return row;
    },
    async saveThrottle(row: LoginThrottleRow): Promise<void> {
      await db.update(loginThrottles).set(row).where(eq(loginThrottles.email, row.email));
    },
    async clearThrottle(email: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.email, email));
    },

    // --- one-time codes ---------------------------------------------------------------
    async insertCode(values: typeof oneTimeCodes.$inferInsert): Promise<void> {
      await db.insert(oneTimeCodes).values(values);
    },
    async retireCodes(userId: string, purpose: OneTimeCodePurpose): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
    },
    async latestLiveCode(userId: string, purpose: OneTimeCodePurpose): Promise<OneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
        .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
        .limit(1);
      return row;
    },
    async codesIssuedSince(userId: string, purpose: OneTimeCodePurpose, since: Date): Promise<{ count: number; latest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${oneTimeCodes.createdAt})` })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), gte(oneTimeCodes.createdAt, since)));
      return { count: row?.count ?? 0, latest: row?.latest ? new Date(row.latest) : null };
    },
    /** Counts a wrong try atomically and returns the new total. */
    async countWrongTry(id: string): Promise<number> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(eq(oneTimeCodes.id, id))
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts ?? Number.MAX_SAFE_INTEGER;
    },
    /** Uses a code exactly once: false when someone else used it first. */
    async consumeCode(id: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), lte(oneTimeCodes.attempts, maxAttempts - 1)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },

    // --- link and step tokens ---------------------------------------------------------
    async insertToken(values: typeof actionTokens.$inferInsert): Promise<void> {
      await db.insert(actionTokens).values(values);
    },
    async retireTokens(userId: string, purpose: ActionTokenPurpose): Promise<void> {
      await db
        .update(actionTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)));
    },
    /** Marks a live token used and returns it; undefined when unknown, expired or already used. */
    async useToken(tokenHash: string, purpose: ActionTokenPurpose): Promise<ActionTokenRow | undefined> {
      const [row] = await db
        .update(actionTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(actionTokens.tokenHash, tokenHash), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, new Date())))
        .returning();
      return row;
    },
    /** A live (unused, unexpired) token of one user and purpose, without using it. */
    async findLiveToken(tokenHash: string, purpose: ActionTokenPurpose, userId: string): Promise<ActionTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(actionTokens)
        .where(and(eq(actionTokens.tokenHash, tokenHash), eq(actionTokens.purpose, purpose), eq(actionTokens.userId, userId), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, new Date())))
        .limit(1);
      return row;
    },
    async findToken(tokenHash: string): Promise<ActionTokenRow | undefined> {
      const [row] = await db.select().from(actionTokens).where(eq(actionTokens.tokenHash, tokenHash)).limit(1);
      return row;
    },
    async latestTokenAt(userId: string, purpose: ActionTokenPurpose): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: actionTokens.createdAt })
        .from(actionTokens)
        .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose)))
        .orderBy(desc(actionTokens.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    // --- logged-out sessions -----------------------------------------------------------
    /** Ends one session; rows of sessions that have expired anyway are dropped on the way. */
    async revokeSession(tokenId: string, userId: string, expiresAt: Date): Promise<void> {
      await sessionCache.forgetAround(userId, async () => {
        await db.delete(revokedSessions).where(lte(revokedSessions.expiresAt, new Date()));
        await db.insert(revokedSessions).values({ tokenId, userId, expiresAt }).onConflictDoNothing();
      });
    },

    // --- referrals --------------------------------------------------------------------
    async referralsByPeriod(userId: string, period: Period, since: Date): Promise<{ period: string; count: number }[]> {
      const bucket = sql`date_trunc(${sql.raw(`'${PERIODS[period]}'`)}, ${users.createdAt} at time zone 'UTC')`;
      const rows = await db
        .select({ period: sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`, count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.referredByUserId, userId), gte(users.createdAt, since)))
        .groupBy(bucket)
        .orderBy(bucket);
      return rows;
    },
    async countReferrals(userId: string): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.referredByUserId, userId));
      return row?.count ?? 0;
    },
    /** Earnings per period and currency; `orders` counts the paid orders behind them (one earning per order). */
    async earningsByPeriod(userId: string, period: Period, since: Date): Promise<{ period: string; currency: string; amountMinor: number; orders: number }[]> {
      const bucket = sql`date_trunc(${sql.raw(`'${PERIODS[period]}'`)}, ${referralEarnings.createdAt} at time zone 'UTC')`;
      return db
        .select({
          period: sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`,
          currency: referralEarnings.currency,
          amountMinor: sql<number>`sum(${referralEarnings.amountMinor})::int`,
          orders: sql<number>`count(*)::int`,
        })
        .from(referralEarnings)
        .where(and(eq(referralEarnings.userId, userId), gte(referralEarnings.createdAt, since)))
        .groupBy(bucket, referralEarnings.currency)
        .orderBy(bucket);
    },
    async emailInUse(email: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), or(isNull(users.id), sql`${users.id} <> ${exceptUserId}`)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
