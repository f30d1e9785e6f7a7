import { pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Payment-provider webhook events already acted on, so a replay (the provider retries until it
 * sees a 2xx, and anyone can resend a captured request) changes nothing the second time. Only
 * events that concern one of our orders are kept. No foreign key to orders: the row records what
 * the provider said, even about an order deleted since.
 */
export const paymentEvents = pgTable('payment_events', {
  /** The provider's event id, e.g. Stripe's evt_…; unique per provider account. */
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  /** What the event meant for the order: paid | expired | refunded | refund-updated. */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** The order it concerned; null for a refund event about a payment that is not one of ours. */
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
