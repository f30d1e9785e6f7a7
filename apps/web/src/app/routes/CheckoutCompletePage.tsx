import { Link, Navigate, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { loginPath } from '../../features/auth/redirects.ts';
import { useOrder } from '../../features/orders/api/use-orders.ts';
import { OrderConfirmation } from '../../features/orders/components/OrderConfirmation.tsx';
import { useSession } from '../../features/session/session-store.ts';
import { PageTitle } from './PageTitle.tsx';
import '../../features/orders/components/orders.css';

/** /other/checkout/complete/:id: the confirmation after checkout (and where a card payment comes back to). */
export function CheckoutCompletePage() {
  const { id = '' } = useParams();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  if (!isLoggedIn) return <Navigate to={loginPath({ next: `/other/checkout/complete/${encodeURIComponent(id)}` })} replace />;
  return (
    <div className="container order-page">
      <PageTitle title="Thank you for your order — Carbonwise" />
      <Confirmation id={id} />
    </div>
  );
}

function Confirmation({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) {
    return (
      <div className="order-thanks" role="status" aria-label="Loading your order">
        <Skeleton width="60%" height="2.5rem" />
        <Skeleton height={240} radius="var(--radius-md)" />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <div className="order-state" role="alert">
        <p className="order-state__title">We could not show this order</p>
        <p>{order.error?.message} If you just paid, your order is safe: it appears in your orders.</p>
        <div className="order-thanks__actions">
          <Button variant="secondary" onClick={() => void order.refetch()} loading={order.isFetching}>
            Try again
          </Button>
          <Link className={buttonClassName('ghost')} to="/account/orders">
            Your orders
          </Link>
        </div>
      </div>
    );
  }
  return <OrderConfirmation order={order.data} />;
}
