import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { revokedSessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** In the text of a session's background check (decision 0072). */
export const SESSION_RECHECK_MARKER = 'session recheck';

export function createUsersRepository(db: Database) {
  // Every signed-in request asks this, so it is one round trip (the user and whether the session
  // was logged out) and a prepared statement: the database plans it once per connection.
  // The background check of a session in use (decision 0072) is the same statement under its own
  // name, its text marked so tests that count a request's statements can tell it from the request's.
  const sessionStatement = (name: string, marker: ReturnType<typeof sql> | undefined) =>
    db
      .select({ user: users, revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenId} = ${sql.placeholder('sessionId')}::uuid)` })
      .from(users)
      .where(marker ? and(eq(users.id, sql.placeholder('userId')), marker) : eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare(name);
  const sessionUser = sessionStatement('session_user', undefined);
  const sessionRecheck = sessionStatement('session_user_recheck', sql.raw(`true /* ${SESSION_RECHECK_MARKER} */`));

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** The user a session token names, and whether that session was ended by logout. */
    async findForSession(userId: string, sessionId: string, background = false): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const [row] = await (background ? sessionRecheck : sessionUser).execute({ userId, sessionId });
      return row ? { user: row.user, revoked: Boolean(row.revoked) } : undefined;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
