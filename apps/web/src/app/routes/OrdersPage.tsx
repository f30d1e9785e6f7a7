import { Link, Navigate, useSearchParams } from 'react-router';
import { loginPath } from '../../features/auth/redirects.ts';
import { CertificateList } from '../../features/certificates/index.ts';
import { OrderGraphs } from '../../features/orders/components/OrderGraphs.tsx';
import { OrderHistory } from '../../features/orders/components/OrderHistory.tsx';
import { useSession } from '../../features/session/session-store.ts';
import { PageTitle } from './PageTitle.tsx';
import '../../features/orders/components/orders.css';

export function pageFromSearch(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** /account/orders: the signed-in person's orders, a page at a time (?page=), and their spend and tonnes over time. */
export function OrdersPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id);
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  if (!isLoggedIn) return <Navigate to={loginPath({ next: `/account/orders${page > 1 ? `?page=${page}` : ''}` })} replace />;
  return (
    <div className="container orders-page">
      <PageTitle title="Your orders — Carbonwise" />
      <nav aria-label="Breadcrumb" className="order-line__meta">
        <Link to="/account">Your account</Link> / Orders
      </nav>
      <h1 className="orders-page__title">Your orders</h1>
      <p className="orders-page__lead">Every order with its status, total and the tonnes it retires.</p>
      <OrderHistory
        page={page}
        onPage={(next) => {
          setSearch(next > 1 ? { page: String(next) } : {});
          window.scrollTo({ top: 0 });
        }}
      />
      {userId && (
        <section id="certificates" className="orders-page__certificates" aria-labelledby="certificates-title">
          <h2 id="certificates-title" className="orders-page__subtitle">
            Certificates
          </h2>
          <CertificateList userId={userId} />
        </section>
      )}
      <OrderGraphs />
    </div>
  );
}
