import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ORDERS_FETCH_ERROR } from '../api/orders-api.ts';
import { useCustomerOrders } from '../api/use-orders.ts';
import { OrderStatusBadge, TestPaymentBadge, formatTonnes, orderMoney } from './OrderParts.tsx';
import { formatDate } from '../../../lib/dates.ts';

export interface OrderHistoryProps {
  page: number;
  onPage: (page: number) => void;
  /** A business's orders (for its owner) instead of the caller's own. */
  businessCode?: string;
}

/** The caller's orders, newest first, a page at a time; totals in each order's own currency. */
export function OrderHistory({ page, onPage, businessCode }: OrderHistoryProps) {
  const query = useCustomerOrders(page, businessCode);

  if (query.isPending) {
    return (
      <div className="order-list" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading your orders
        </p>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={76} radius="var(--radius-md)" />
        ))}
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="order-state" role="alert">
        <p className="order-state__title">Your orders could not be loaded</p>
        <p>{query.error?.message === ORDERS_FETCH_ERROR ? 'Please try again in a moment.' : query.error?.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const { orders, total, size } = query.data;
  const pages = Math.max(1, Math.ceil(total / size));
  if (orders.length === 0 && page === 1) {
    return (
      <div className="order-state" data-testid="orders-empty">
        <p className="order-state__title">No orders yet</p>
        <p>Offset projects and sustainable goods are waiting in the shop.</p>
        <Link className={buttonClassName('primary')} to="/products">
          Browse the shop
        </Link>
      </div>
    );
  }

  if (orders.length === 0) {
    // A page past the end (an old link, or orders gone since): offer the first page.
    return (
      <div className="order-state">
        <p className="order-state__title">No orders on this page</p>
        <Button variant="secondary" onClick={() => onPage(1)}>
          Go to the newest orders
        </Button>
      </div>
    );
  }

  return (
    <>
      <ul className="order-list" aria-label="Your orders" aria-busy={query.isPlaceholderData || undefined}>
        {orders.map((order) => {
          const items = order.products.reduce((sum, line) => sum + line.quantity, 0);
          return (
            <li key={order.id} className="order-row" data-testid="order-row">
              <div>
                <p className="order-row__number">
                  <Link to={`/account/orders/${order.id}${businessCode ? `?businessCode=${encodeURIComponent(businessCode)}` : ''}`}>{order.orderNumber}</Link>
                  <OrderStatusBadge status={order.status} />
                  <TestPaymentBadge order={order} />
                </p>
                <p className="order-row__meta">
                  {formatDate(order.createdAt)} · {items} {items === 1 ? 'item' : 'items'}
                  {order.tonnes > 0 && ` · ${formatTonnes(order.tonnes)}`}
                  {order.isBusinessOrder && order.businessCode && ` · for ${order.businessCode}`}
                </p>
                {order.products.some((line) => line.gift) && (
                  <p className="order-line__gift" data-testid="order-row-gift">
                    Given to {[...new Set(order.products.flatMap((line) => (line.gift ? [line.gift.name] : [])))].join(', ')}
                  </p>
                )}
              </div>
              <div className="order-row__side">
                <p className="order-row__total" data-testid="order-row-total">
                  {orderMoney(order, order.orderTotal)}
                </p>
                <Link to={`/account/orders/${order.id}`} className="order-row__link" aria-label={`Details of order ${order.orderNumber}`}>
                  Details
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager
        page={page}
        pages={pages}
        onPage={onPage}
        label="Order pages"
        className="orders-pagination"
        statusClassName="orders-pagination__status"
        status={`Page ${page} of ${pages} · ${total} orders`}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </>
  );
}
