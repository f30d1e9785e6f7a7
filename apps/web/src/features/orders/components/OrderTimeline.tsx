import type { Order, OrderEvent } from '@app/contract/orders';
import { formatPrice } from '@app/contract/money';
import { formatDateTime } from '../../../lib/dates.ts';

/** What each timeline row says to the buyer (the actor is told apart where it matters: you, the shop, the payment provider). */
const SAYS: Record<OrderEvent['kind'], (event: OrderEvent) => string> = {
  placed: () => 'Order placed',
  paid: () => 'Payment received',
  payment_received: () => 'Payment received',
  expired: () => 'Expired unpaid: the items were released',
  cancelled: (event) => (event.actor === 'buyer' ? 'You cancelled the order' : 'Order cancelled'),
  refund_requested: () => 'Refund on its way',
  refunded: () => 'Refunded',
  refund_failed: () => 'Refund could not be made',
  partially_refunded: () => 'Part of the order was refunded',
  fully_refunded: () => 'The order was refunded in full',
  certificates_voided: () => 'Certificates voided: their tonnes no longer count as retired for you',
};

/** The order's short history, oldest first (`GET v1/orders/{id}` carries it). */
export function OrderTimeline({ order }: { order: Order }) {
  const events = order.timeline ?? [];
  if (events.length === 0) return null;
  return (
    <section className="order-card" aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="order-card__title">
        History
      </h2>
      <ol className="order-timeline" data-testid="order-timeline">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`} className="order-timeline__event">
            <span className="order-timeline__what">
              {SAYS[event.kind](event)}
              {event.amount !== null && ` · ${formatPrice(event.amount, order.currency)}`}
            </span>
            <time className="order-line__meta" dateTime={event.at}>
              {formatDateTime(event.at)}
            </time>
            {event.note && <span className="order-line__meta order-timeline__note">{event.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
