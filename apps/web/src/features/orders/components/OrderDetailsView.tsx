import type { Order } from '@app/contract/orders';
import { useCountryName } from '../../../lib/countries.ts';
import { OrderLines, OrderStatusBadge, OrderTotals, TEST_PAYMENT_LABEL, formatTonnes } from './OrderParts.tsx';
import { formatDateTime, formatTime } from '../../../lib/dates.ts';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

/** Why an order was cancelled, in the buyer's words. */
const CANCEL_REASONS: Record<string, string> = {
  buyer: 'You cancelled this order before paying. Nothing was charged.',
  coupon_exhausted: 'The coupon ran out before your payment arrived, so the order was cancelled and your payment refunded in full.',
};
const LATE_PAYMENT_REFUNDED = 'A payment arrived after this order was closed, so it is refunded in full (see History).';

const KIND_LABELS: Record<Order['kind'], string> = { personal: 'Personal order', business: 'Business order', event: 'Event order' };

/** One order in full: lines at their frozen prices, totals, address, payment and certificate serials. */
export function OrderDetailsView({ order }: { order: Order }) {
  const address = order.address;
  const countryName = useCountryName();
  return (
    <div className="order-details">
      <div className="order-details__main">
        <section className="order-card" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="order-card__title">
            Items
          </h2>
          <OrderLines order={order} />
          <OrderTotals order={order} />
          {order.tonnes > 0 && (order.status === 'paid' || order.status === 'pending') && <p className="order-line__meta">Retires {formatTonnes(order.tonnes)}.</p>}
        </section>
        <OrderTimeline order={order} />
      </div>
      <div className="order-details__side">
        <section className="order-card" aria-labelledby="order-payment-title">
          <h2 id="order-payment-title" className="order-card__title">
            Payment
          </h2>
          <dl className="order-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <OrderStatusBadge status={order.status} />
              </dd>
            </div>
            <div>
              <dt>Paid with</dt>
              <dd data-testid="payment-provider">{order.payment.provider === 'test' ? TEST_PAYMENT_LABEL : 'Card (Stripe)'}</dd>
            </div>
            {order.paidAt && (
              <div>
                <dt>Paid on</dt>
                <dd>{formatDateTime(order.paidAt)}</dd>
              </div>
            )}
            <div>
              <dt>Type</dt>
              <dd>
                {KIND_LABELS[order.kind]}
                {order.businessCode && ` · ${order.businessCode}`}
                {order.conferanceCode && ` · event ${order.conferanceCode}`}
              </dd>
            </div>
          </dl>
          {order.status === 'pending' && order.payment.checkoutUrl && (
            <p>
              <a href={order.payment.checkoutUrl}>Complete the payment</a>
              {order.reservedUntil && ` before ${formatTime(order.reservedUntil)}, while the items are held for you`}.
            </p>
          )}
          {order.status === 'pending' && (
            <div className="order-payment-actions">
              <CancelOrderButton order={order} />
            </div>
          )}
          {order.status === 'cancelled' && order.cancelReason && CANCEL_REASONS[order.cancelReason] && (
            <p className="order-line__meta">{order.cancelReason === 'buyer' && order.refundedMinor > 0 ? LATE_PAYMENT_REFUNDED : CANCEL_REASONS[order.cancelReason]}</p>
          )}
          {order.status === 'expired' && order.refundedMinor > 0 && <p className="order-line__meta">{LATE_PAYMENT_REFUNDED}</p>}
        </section>
        <section className="order-card" aria-labelledby="order-address-title">
          <h2 id="order-address-title" className="order-card__title">
            Address
          </h2>
          {address ? (
            <address className="order-address" data-testid="order-address">
              {address.firstName} {address.lastName}
              <br />
              {address.line1}
              {address.line2 && (
                <>
                  <br />
                  {address.line2}
                </>
              )}
              <br />
              {address.postalCode} {address.city}
              {address.region && `, ${address.region}`}
              <br />
              {countryName(address.country)}
              {address.phone && (
                <>
                  <br />
                  {address.phone}
                </>
              )}
            </address>
          ) : (
            <p className="order-line__meta">No address was given.</p>
          )}
          <p className="order-line__meta">Receipt sent to {order.buyerEmail}</p>
        </section>
        <section className="order-card" id="certificates" aria-labelledby="order-certificates-title">
          <h2 id="order-certificates-title" className="order-card__title">
            Certificates
          </h2>
          {order.certificates.length > 0 ? (
            <ul className="order-certificates" data-testid="order-certificates">
              {order.certificates.map((certificate) => (
                <li key={certificate.serial}>
                  <a href={`/certificates/${encodeURIComponent(certificate.serial)}`}>{certificate.serial}</a>
                  <span className="order-line__meta">
                    {' '}
                    · {certificate.productName}, {formatTonnes(certificate.tonnes)}
                  </span>
                  {certificate.status === 'void' && <span className="order-badge order-badge--refunded"> Void</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="order-line__meta">
              {order.status === 'paid'
                ? 'This order has no offset projects, so it issues no certificates.'
                : order.status === 'pending'
                  ? 'Offset projects issue their retirement certificates once the order is paid.'
                  : 'This order was not paid, so it issues no certificates.'}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
