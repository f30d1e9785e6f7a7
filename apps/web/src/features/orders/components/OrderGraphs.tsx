import { Suspense, lazy, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useOrderGraph } from '../api/use-orders.ts';
import { graphRows, type GraphPeriod } from '../graph-data.ts';

// recharts is large: it comes in its own chunk, only once there is something to draw.
const OrderCharts = lazy(() => import('./OrderCharts.tsx'));

const PERIODS: { value: GraphPeriod; label: string; name: string }[] = [
  { value: 'month', label: 'By month', name: 'month' },
  { value: 'year', label: 'By year', name: 'year' },
];

function ChartsLoading() {
  return (
    <div className="order-graphs__grid" aria-busy="true">
      <Skeleton height={290} radius="var(--radius-md)" />
      <Skeleton height={290} radius="var(--radius-md)" />
    </div>
  );
}

/** Spend (one series per currency) and tonnes retired, per month or per year, from paid orders. */
export function OrderGraphs({ businessCode }: { businessCode?: string } = {}) {
  const [period, setPeriod] = useState<GraphPeriod>('month');
  const query = useOrderGraph(period, true, businessCode);
  const current = PERIODS.find((p) => p.value === period)!;

  let body;
  if (query.isPending) body = <ChartsLoading />;
  else if (query.isError || !query.data) {
    body = (
      <div className="order-state" role="alert">
        <p>{query.error?.message ?? 'Your order graphs could not be loaded.'}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { rows, currencies } = graphRows(query.data);
    body =
      rows.length === 0 ? (
        <p className="orders-page__lead">Graphs appear once an order is paid.</p>
      ) : (
        <>
          <Suspense fallback={<ChartsLoading />}>
            <OrderCharts rows={rows} currencies={currencies} periodName={current.name} />
          </Suspense>
          {/* The figures for screen readers; the wrapper hides it, as a table grows past a 1px box. */}
          <div className="visually-hidden">
            <table>
              <caption>Spend and tonnes retired per {current.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Spend</th>
                  <th scope="col">Tonnes CO₂e</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.period}>
                    <th scope="row">{row.label}</th>
                    <td>{row.orders}</td>
                    <td>{Object.entries(row.spend).map(([currency, amount]) => `${amount} ${currency}`).join(', ') || '0'}</td>
                    <td>{row.tonnes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      );
  }

  return (
    <section className="order-graphs" aria-labelledby="order-graphs-title">
      <div className="order-graphs__head">
        <h2 id="order-graphs-title" className="order-graphs__title">
          Spend and impact
        </h2>
        <div role="group" aria-label="Graph period" className="order-graphs__periods">
          {PERIODS.map((p) => (
            <Button key={p.value} size="sm" variant={p.value === period ? 'primary' : 'secondary'} aria-pressed={p.value === period} onClick={() => setPeriod(p.value)}>
              {p.label}
            </Button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}
