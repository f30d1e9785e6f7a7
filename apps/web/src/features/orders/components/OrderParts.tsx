import type { Order, OrderStatus } from '@app/contract/orders';
import { formatPrice, minorToMajor } from '@app/contract/money';
import { isTonneUnit, lineImpact, pricePerUnit, quantityWithUnit, tonnesInWords } from '@app/contract/units';
import { PLACEHOLDER_IMAGE } from '../../products/components/ProductCard.tsx';
import './orders.css';

/** Words for each status, as a buyer reads them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** The label shown whenever the embedded test provider took the payment. */
export const TEST_PAYMENT_LABEL = 'Test payment — no card is charged';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-badge order-badge--${status}`} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

export function TestPaymentBadge({ order }: { order: Pick<Order, 'payment'> }) {
  if (order.payment.provider !== 'test') return null;
  return (
    <span className="order-badge order-badge--test" data-testid="test-payment">
      {TEST_PAYMENT_LABEL}
    </span>
  );
}

/** An amount in the order's own currency (orders are never converted). */
export const orderMoney = (order: Pick<Order, 'currency'>, amount: number) => formatPrice(amount, order.currency);

/** "1 tonne CO₂e", "2.5 tonnes CO₂e". */
export const formatTonnes = tonnesInWords;

/** The order's lines with the prices frozen when it was placed. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="order-lines" aria-label="Items in this order">
      {order.products.map((line) => (
        <li key={line._id} className="order-line" data-testid="order-line">
          <img className="order-line__image" src={line.product.image[0] ?? PLACEHOLDER_IMAGE} alt="" width={64} height={48} loading="lazy" decoding="async" />
          <div>
            <p className="order-line__name">{line.product.name}</p>
            {line.color && line.size && <p className="order-line__meta">{`${line.color.name}, ${line.size.name}`}</p>}
            {line.gift && (
              <p className="order-line__gift" data-testid="order-line-gift">
                Given to {line.gift.name}
                {line.gift.claimed ? ' · claimed' : ''}
              </p>
            )}
            <p className="order-line__meta">
              {isTonneUnit(line.product.unit) ? quantityWithUnit(line.quantity, line.product.unit) : `Qty ${line.quantity}`} × {orderMoney(order, line.price)}
              {pricePerUnit(line.product.unit) ? ` ${pricePerUnit(line.product.unit)}` : ''}
            </p>
            <LineImpact line={line} />
          </div>
          <p className="order-line__total">{orderMoney(order, line.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/** What an offset line retires; after a refund, what it retires no more (its certificate is void). */
function LineImpact({ line }: { line: Order['products'][number] }) {
  const refunded = Math.min(line.refundedQuantity ?? 0, line.quantity);
  const kept = lineImpact(line.quantity - refunded, line.product.unit);
  if (!kept) return null;
  const refundedText = quantityWithUnit(refunded, line.product.unit);
  const text = refunded === 0 ? kept : refunded === line.quantity ? `Refunded: ${refundedText} no longer retired` : `${kept} · ${refundedText} refunded`;
  return <p className={`order-line__meta order-line__impact${refunded > 0 ? ' order-line__impact--refunded' : ''}`}>{text}</p>;
}

export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>Subtotal</dt>
        <dd>{orderMoney(order, order.subTotal)}</dd>
      </div>
      {order.coupon && order.discount > 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>Discount ({order.coupon})</dt>
          <dd>−{orderMoney(order, order.discount)}</dd>
        </div>
      )}
      <div className="order-totals__row order-totals__row--total">
        <dt>Total</dt>
        <dd data-testid="order-total">{orderMoney(order, order.orderTotal)}</dd>
      </div>
      {order.refundedMinor > 0 && (
        <>
          <div className="order-totals__row order-totals__row--discount">
            <dt>Refunded</dt>
            <dd data-testid="order-refunded">−{orderMoney(order, minorToMajor(order.refundedMinor, order.currency))}</dd>
          </div>
          <div className="order-totals__row">
            <dt>Paid after refunds</dt>
            <dd data-testid="order-net">{orderMoney(order, minorToMajor(Math.max(0, order.orderTotalMinor - order.refundedMinor), order.currency))}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
