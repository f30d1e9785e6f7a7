import { date, varchar } from 'drizzle-orm/pg-core';

/**
 * An offset line given to someone else (issue 27 item 1, decision 0051): the recipient's name and
 * email, an optional message and an optional delivery date. Set on the cart line at checkout,
 * copied as they are to the order line when the order is placed, and to the certificate when it
 * is issued. All null on a line that is not a gift.
 */
export const giftColumns = () => ({
  giftName: varchar('gift_name', { length: 100 }),
  giftEmail: varchar('gift_email', { length: 254 }),
  giftMessage: varchar('gift_message', { length: 500 }),
  /** The day (UTC) the recipient's email goes out; null: when the order is paid. */
  giftDeliverOn: date('gift_deliver_on'),
});
