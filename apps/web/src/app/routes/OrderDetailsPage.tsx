import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { loginPath } from '../../features/auth/redirects.ts';
import { useOrder } from '../../features/orders/api/use-orders.ts';
import { OrderDetailsView } from '../../features/orders/components/OrderDetailsView.tsx';
import { OrderStatusBadge } from '../../features/orders/components/OrderParts.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useSession } from '../../features/session/session-store.ts';
import { PageTitle } from './PageTitle.tsx';
import '../../features/orders/components/orders.css';

/** /account/orders/:id: one of the signed-in person's orders in full. */
export function OrderDetailsPage() {
  const { id = '' } = useParams();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  if (!isLoggedIn) return <Navigate to={loginPath({ next: `/account/orders/${encodeURIComponent(id)}` })} replace />;
  return (
    <div className="container order-page">
      <nav aria-label="Breadcrumb" className="order-line__meta">
        <Link to="/account">Your account</Link> / <Link to="/account/orders">Orders</Link>
      </nav>
      <OrderDetails id={id} />
    </div>
  );
}

function OrderDetails({ id }: { id: string }) {
  // From the business account's order list: one of the business's orders, read as its owner.
  const [search] = useSearchParams();
  const order = useOrder(id, search.get('businessCode') ?? undefined);
  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading the order">
        <Skeleton width="40%" height="2rem" />
        <Skeleton height={320} radius="var(--radius-md)" />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <div className="order-state" role="alert">
        <p className="order-state__title">This order could not be shown</p>
        <p>{order.error?.message}</p>
        <div className="order-thanks__actions">
          <Button variant="secondary" onClick={() => void order.refetch()} loading={order.isFetching}>
            Try again
          </Button>
          <Link className={buttonClassName('ghost')} to="/account/orders">
            All orders
          </Link>
        </div>
      </div>
    );
  }
  const data = order.data;
  return (
    <>
      <PageTitle title={`Order ${data.orderNumber} — Carbonwise`} />
      <h1 className="order-page__title">Order {data.orderNumber}</h1>
      <p className="order-page__lead">
        Placed <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time> · <OrderStatusBadge status={data.status} />
      </p>
      <OrderDetailsView order={data} />
    </>
  );
}
