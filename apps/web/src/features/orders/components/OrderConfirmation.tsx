import { Link } from 'react-router';
import type { Order } from '@app/contract/orders';
import { buttonClassName } from '../../../components/ui/Button.tsx';
import { OrderLines, OrderStatusBadge, OrderTotals, TestPaymentBadge, formatTonnes } from './OrderParts.tsx';

/** The "thank you" after checkout: what was bought, what it cost, what it retired, and where to find it again. */
export function OrderConfirmation({ order }: { order: Order }) {
  const awaitingPayment = order.status === 'pending';
  return (
    <div className="order-thanks">
      <header className="order-thanks__hero">
        <h1>{awaitingPayment ? 'Almost there' : 'Thank you for your order'}</h1>
        <p>
          Order number <strong data-testid="order-number">{order.orderNumber}</strong>. A confirmation is sent to {order.buyerEmail}.
        </p>
        <p className="order-thanks__badges">
          <OrderStatusBadge status={order.status} /> <TestPaymentBadge order={order} />
        </p>
        {awaitingPayment && (
          <p role="status">
            We are waiting for the card provider to confirm your payment; this page updates by itself.
            {order.payment.checkoutUrl && (
              <>
                {' '}
                <a href={order.payment.checkoutUrl}>Go back to the payment page</a>.
              </>
            )}
          </p>
        )}
      </header>
      {order.tonnes > 0 && (
        <p className="order-thanks__tonnes" data-testid="order-tonnes">
          {awaitingPayment ? 'Once paid, this order retires' : 'This order retires'} {formatTonnes(order.tonnes)}.
        </p>
      )}
      <section className="order-card" aria-labelledby="order-thanks-items">
        <h2 id="order-thanks-items" className="order-card__title">
          Your order
        </h2>
        <OrderLines order={order} />
        <OrderTotals order={order} />
      </section>
      <div className="order-thanks__actions">
        <Link className={buttonClassName('primary')} to={`/account/orders/${order.id}`}>
          View order
        </Link>
        {order.certificates.length > 0 && (
          <Link className={buttonClassName('secondary')} to={`/account/orders/${order.id}#certificates`}>
            {order.certificates.length === 1 ? 'Your certificate' : `Your ${order.certificates.length} certificates`}
          </Link>
        )}
        <Link className={buttonClassName('ghost')} to="/products">
          Keep shopping
        </Link>
      </div>
    </div>
  );
}
