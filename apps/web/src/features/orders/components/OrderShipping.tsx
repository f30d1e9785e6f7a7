import type { FulfilmentLineState, Order } from '@app/contract/orders';
import { formatDateTime } from '../../../lib/dates.ts';
import './order-shipping.css';

/** Each goods line's state, in the buyer's words. */
const STATE_LABELS: Record<FulfilmentLineState, string> = {
  unfulfilled: 'Being prepared',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
  refunded: 'Refunded, not shipped',
};

/**
 * The delivery of an order's goods (issue 25): the state of each goods line and every parcel
 * with its carrier, tracking number and a link to the carrier's tracking page when the shop
 * knows the carrier. Offsets are not shipped, so an order of offsets only shows nothing here.
 */
export function OrderShipping({ order }: { order: Order }) {
  const fulfilment = order.fulfilment;
  if (!fulfilment || fulfilment.lines.length === 0 || !order.paidAt) return null;
  const nameOf = new Map(fulfilment.lines.map((line) => [line.lineId, line.productName]));
  return (
    <section className="order-card" aria-labelledby="order-shipping-title" data-testid="order-shipping">
      <h2 id="order-shipping-title" className="order-card__title">
        Delivery
      </h2>
      <ul className="order-shipping__lines">
        {fulfilment.lines.map((line) => (
          <li key={line.lineId} className="order-shipping__line" data-testid="shipping-line">
            <span>
              {line.quantity} × {line.productName}
            </span>
            <span className={`order-shipping__state order-shipping__state--${line.state}`} data-testid="shipping-state">
              {STATE_LABELS[line.state]}
              {line.state === 'partially_shipped' && ` (${line.shipped} of ${line.quantity})`}
              {line.returned > 0 && line.state !== 'returned' && ` · ${line.returned} returned`}
            </span>
          </li>
        ))}
      </ul>
      {fulfilment.shipments.map((shipment) => (
        <div key={shipment._id} className="order-shipping__parcel" data-testid="shipment">
          <p className="order-shipping__parcel-title">
            {shipment.status === 'delivered' && shipment.deliveredAt ? `Delivered ${formatDateTime(shipment.deliveredAt)}` : `Shipped ${formatDateTime(shipment.shippedAt)}`} · {shipment.carrier}
          </p>
          <p className="order-line__meta">
            Tracking number <span className="order-shipping__number">{shipment.trackingNumber}</span>
            {shipment.trackingUrl && (
              <>
                {' · '}
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  Track your parcel
                </a>
              </>
            )}
          </p>
          <p className="order-line__meta">{shipment.lines.map((line) => `${line.quantity} × ${nameOf.get(line.lineId) ?? 'item'}`).join(', ')}</p>
        </div>
      ))}
    </section>
  );
}
