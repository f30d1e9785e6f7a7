import { Suspense, lazy } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_INTERVALS, type Dashboard } from '@app/contract/admin';
import { useAdminRecord } from '../../api/queries.ts';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { DateFilter, FilterSelect, Toolbar, capitalise } from '../../components/Toolbar.tsx';
import { count, dateTime, fullName, money, tonnes } from '../../components/format.ts';

/** recharts comes with the charts only, after the figures are on screen. */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

/**
 * How the shop is doing over a chosen range: paid revenue per currency (never converted), orders,
 * tonnes retired and new customers per day, week or month, then what needs attention now:
 * pending orders and low stock. The range is in the address, so a view can be shared.
 */
export function DashboardPage() {
  const [search, setSearch] = useSearchParams();
  const query = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined, interval: search.get('interval') ?? undefined };
  const dashboard = useAdminRecord<Dashboard>('dashboard', 'dashboard', query);
  const set = (key: string, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <>
      <title>Dashboard · Carbonwise Admin</title>
      <PageHeader title="Dashboard" description={dashboard.data ? `${dashboard.data.range.from} to ${dashboard.data.range.to}, per ${dashboard.data.range.interval}` : 'How the shop is doing'} />
      <Toolbar>
        {/* Without dates in the address, the fields show the range the API chose (the last 30 days). */}
        <DateFilter label="From" value={query.from ?? dashboard.data?.range.from} onChange={(value) => set('from', value)} />
        <DateFilter label="To" value={query.to ?? dashboard.data?.range.to} onChange={(value) => set('to', value)} />
        <FilterSelect label="Per" value={query.interval} onChange={(value) => set('interval', value)} allLabel="Day" options={DASHBOARD_INTERVALS.filter((interval) => interval !== 'day')} />
      </Toolbar>
      {dashboard.error ? (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : !dashboard.data ? (
        <LoadingState label="Loading the figures" />
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { totals } = data;
  return (
    <>
      <div className="admin-stats admin-stats--four">
        <div className="admin-stat">
          <p className="admin-stat__label">Revenue (paid)</p>
          {totals.revenue.length === 0 ? (
            <p className="admin-stat__value">—</p>
          ) : (
            totals.revenue.map((amount) => (
              <p key={amount.currency} className="admin-stat__value admin-stat__value--line">
                {money(amount.amountMinor, amount.currency)}
              </p>
            ))
          )}
        </div>
        <Stat label="Orders" value={count(totals.orders)} />
        <Stat label="Tonnes CO₂e retired" value={tonnes(totals.tonnes)} />
        <Stat label="New customers" value={count(totals.newCustomers)} />
      </div>
      <Suspense fallback={<LoadingState label="Drawing the charts" />}>
        <DashboardCharts series={data.series} interval={data.range.interval} />
      </Suspense>
      <div className="admin-grid-2 admin-dashboard-lists">
        <section className="admin-card" aria-labelledby="pending-orders">
          <div className="admin-card__header">
            <h2 id="pending-orders" className="admin-card__title">
              Pending orders <Badge tone={data.pendingOrders.count ? 'warning' : 'neutral'}>{count(data.pendingOrders.count)}</Badge>
            </h2>
            <Link to="/admin/orders?status=pending" className="admin-small">
              All pending
            </Link>
          </div>
          {data.pendingOrders.latest.length === 0 ? (
            <p className="admin-muted admin-small">Nothing waiting for payment.</p>
          ) : (
            <ul className="admin-list">
              {data.pendingOrders.latest.map((order) => (
                <li key={order._id}>
                  <Link className="admin-row-link" to={`/admin/orders/${order._id}`}>
                    {order.orderNumber}
                  </Link>
                  <span className="admin-muted">{fullName(order.customer)}</span>
                  <span className="admin-num">{money(order.totalMinor, order.currency)}</span>
                  <span className="admin-muted admin-small">{dateTime(order.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="low-stock">
          <div className="admin-card__header">
            <h2 id="low-stock" className="admin-card__title">
              Low stock <Badge tone={data.lowStock.count ? 'warning' : 'neutral'}>{count(data.lowStock.count)}</Badge>
            </h2>
            <Link to="/admin/stock" className="admin-small">
              Low-stock list
            </Link>
          </div>
          {data.lowStock.items.length === 0 ? (
            <p className="admin-muted admin-small">Everything is above its threshold.</p>
          ) : (
            <ul className="admin-list">
              {data.lowStock.items.map((item) => (
                <li key={`${item.productId}-${item.sizeId ?? ''}`}>
                  <Link className="admin-row-link" to={`/admin/products/${item.productId}`}>
                    {item.name}
                  </Link>
                  <span className="admin-muted">{item.label}</span>
                  <span className="admin-num">{count(item.available)} left</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="admin-card admin-dashboard-top" aria-labelledby="top-products">
        <h2 id="top-products" className="admin-card__title">
          Top products
        </h2>
        {data.topProducts.length === 0 ? (
          <p className="admin-muted admin-small">No paid orders in this range.</p>
        ) : (
          <table className="admin-simple-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Kind</th>
                <th scope="col" className="admin-num">Units sold</th>
                {/* Line totals: an order's coupon is taken off the order, not its lines, so these can add up to more than the paid revenue above. */}
                <th scope="col" className="admin-num">Sales before discounts</th>
              </tr>
            </thead>
            <tbody>
              {data.topProducts.map((product) => (
                <tr key={product.productId}>
                  <td>
                    <Link className="admin-row-link" to={`/admin/products/${product.productId}`}>
                      {product.name}
                    </Link>
                  </td>
                  <td>{capitalise(product.kind)}</td>
                  <td className="admin-num">{count(product.quantity)}</td>
                  <td className="admin-num">{product.revenue.map((amount) => money(amount.amountMinor, amount.currency)).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
    </div>
  );
}
