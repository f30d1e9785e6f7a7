import type { AdminOrderEvent } from '@app/contract/admin';
import { Badge } from '../../components/States.tsx';
import { dateTime, money } from '../../components/format.ts';

/** How each timeline kind reads to an operator. */
export const EVENT_LABELS: Record<AdminOrderEvent['kind'], string> = {
  placed: 'Placed',
  paid: 'Paid',
  payment_received: 'Payment received',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refund_requested: 'Refund decided',
  refunded: 'Refund confirmed by the provider',
  refund_failed: 'Refund failed',
  partially_refunded: 'Status: partly refunded',
  fully_refunded: 'Status: refunded',
  certificates_voided: 'Certificates voided',
};

/** The order's whole story, oldest first: who (operator's email, buyer, provider, the shop), when, what, how much. */
export function OrderTimeline({ events }: { events: AdminOrderEvent[] }) {
  return (
    <ol className="admin-timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="admin-timeline__item">
          <div className="admin-timeline__head">
            <strong>{EVENT_LABELS[event.kind] ?? event.kind}</strong>
            {event.amountMinor !== null && event.currency && <span>{money(event.amountMinor, event.currency)}</span>}
            {event.internal && <Badge tone="neutral">Operators only</Badge>}
          </div>
          <div className="admin-muted admin-small">
            {dateTime(event.at)} · {event.actorEmail ?? event.actor}
          </div>
          {event.note && <p className="admin-timeline__note">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
