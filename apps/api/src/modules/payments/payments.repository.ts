import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

/** SQL for the webhook events already acted on (payment_events). */
export function createPaymentsRepository(db: Database) {
  return {
    async hasEvent(eventId: string): Promise<boolean> {
      const rows = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
      return rows.length > 0;
    },

    /** Records an event as handled; a second record of the same event id changes nothing. */
    async recordEvent(event: { eventId: string; kind: 'paid' | 'expired' | 'refunded' | 'refund-updated'; orderId: string | null }): Promise<void> {
      await db.insert(paymentEvents).values(event).onConflictDoNothing({ target: paymentEvents.eventId });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
