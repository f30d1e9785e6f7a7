import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { revokedSessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Database) {
  // Every signed-in request asks this, so it is one round trip (the user and whether the session
  // was logged out) and a prepared statement: the database plans it once per connection.
  const sessionUser = db
    .select({ user: users, revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenId} = ${sql.placeholder('sessionId')}::uuid)` })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_user');

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** The user a session token names, and whether that session was ended by logout. */
    async findForSession(userId: string, sessionId: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const [row] = await sessionUser.execute({ userId, sessionId });
      return row ? { user: row.user, revoked: Boolean(row.revoked) } : undefined;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
