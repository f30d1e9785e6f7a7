import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, orders, outboxEmails } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';

export type GiftCertificateRow = typeof certificates.$inferSelect;
type Queryable = Database | Tx;

/** A gift certificate with the giver's name as the order names the buyer. */
export interface GiftRow {
  certificate: GiftCertificateRow;
  fromName: string;
}

const fromName = sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`;

/** SQL for gifts: certificates with gift columns (decision 0051). */
export const giftsRepository = {
  async findByTokenHash(db: Queryable, hash: string): Promise<GiftRow | undefined> {
    const [row] = await db.select({ certificate: certificates, fromName }).from(certificates).innerJoin(orders, eq(orders.id, certificates.orderId)).where(eq(certificates.giftTokenHash, hash)).limit(1);
    return row;
  },

  /**
   * Claims the gift for this account in one conditional statement: the token matches, the
   * certificate is valid, nobody claimed it yet and the gift was sent to this email. Twenty
   * concurrent claims: one row is updated, the others find it claimed. Undefined when refused.
   */
  async claim(db: Queryable, hash: string, user: { id: string; email: string }, at: Date): Promise<GiftCertificateRow | undefined> {
    const [row] = await db
      .update(certificates)
      .set({ giftClaimedBy: user.id, giftClaimedAt: at })
      .where(and(eq(certificates.giftTokenHash, hash), eq(certificates.status, 'valid'), isNull(certificates.giftClaimedAt), sql`lower(${certificates.giftEmail}) = lower(${user.email})`))
      .returning();
    return row;
  },

  /** The gift certificates among these, with the giver's name. */
  async giftsAmong(db: Queryable, certificateIds: string[]): Promise<GiftRow[]> {
    if (certificateIds.length === 0) return [];
    return db
      .select({ certificate: certificates, fromName })
      .from(certificates)
      .innerJoin(orders, eq(orders.id, certificates.orderId))
      .where(and(inArray(certificates.id, certificateIds), isNotNull(certificates.giftTokenHash)));
  },

  /** The gift certificates of an order. */
  async giftIdsOfOrder(db: Queryable, orderId: string): Promise<string[]> {
    const rows = await db.select({ id: certificates.id }).from(certificates).where(and(eq(certificates.orderId, orderId), isNotNull(certificates.giftTokenHash)));
    return rows.map((row) => row.id);
  },

  /** Withdraws gift emails still held in the outbox (not sent yet); answers the ids withdrawn. */
  async withdrawHeldMail(db: Queryable, mailIds: string[]): Promise<string[]> {
    if (mailIds.length === 0) return [];
    const rows = await db
      .update(outboxEmails)
      .set({ status: 'withdrawn' as never, lastError: 'The gift was voided before its delivery date' })
      .where(and(inArray(outboxEmails.id, mailIds), eq(outboxEmails.status, 'pending')))
      .returning({ id: outboxEmails.id });
    return rows.map((row) => row.id);
  },
};
