import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailingListSubscribers } from '../../db/schema/index.ts';

export type SubscriberRow = typeof mailingListSubscribers.$inferSelect;

/** The SQL of the mailing list; the service decides what each outcome means. */
export function createMailingListRepository(db: Database) {
  return {
    /**
     * The row of an address, created pending when missing, and locked for the rest of the
     * transaction: two requests for one address (even at the same moment) take turns, so there
     * is one subscriber and at most one confirmation mail.
     */
    async lockOrCreate(email: string): Promise<SubscriberRow> {
      await db.insert(mailingListSubscribers).values({ email }).onConflictDoNothing({ target: mailingListSubscribers.email });
      const [row] = await db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, email)).for('update');
      return row!;
    },

    async update(id: string, patch: Partial<Omit<SubscriberRow, 'id' | 'email' | 'createdAt'>>): Promise<SubscriberRow> {
      const [row] = await db.update(mailingListSubscribers).set(patch).where(eq(mailingListSubscribers.id, id)).returning();
      return row!;
    },

    async lockByConfirmHash(hash: string): Promise<SubscriberRow | undefined> {
      const [row] = await db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.confirmTokenHash, hash)).for('update');
      return row;
    },

    async findById(id: string): Promise<SubscriberRow | undefined> {
      const [row] = await db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.id, id));
      return row;
    },

    /** Unsubscribes a subscribed or pending row; answers whether anything changed. The confirm hash stays, so its old link can say "already used". */
    async unsubscribe(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(mailingListSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: at })
        .where(and(eq(mailingListSubscribers.id, id), sql`${mailingListSubscribers.status} <> 'unsubscribed'`))
        .returning({ id: mailingListSubscribers.id });
      return rows.length > 0;
    },

    async confirmed(): Promise<Pick<SubscriberRow, 'id' | 'email'>[]> {
      return db
        .select({ id: mailingListSubscribers.id, email: mailingListSubscribers.email })
        .from(mailingListSubscribers)
        .where(eq(mailingListSubscribers.status, 'subscribed'))
        .orderBy(mailingListSubscribers.id);
    },
  };
}
export type MailingListRepository = ReturnType<typeof createMailingListRepository>;
