import { useQuery } from '@tanstack/react-query';
import type { OrderTotals as Totals } from '@app/contract/admin';
import { admin, type Query } from '../../api/admin-client.ts';
import { adminKey } from '../../api/queries.ts';
import { ExportCsvButton } from '../../components/ExportCsvButton.tsx';
import { count, money } from '../../components/format.ts';
import './fulfilment.css';

/** The list's filters without paging and sorting: what the totals and the export take. */
const filtersOf = (query: Query): Query => Object.fromEntries(Object.entries(query).filter(([key]) => !['page', 'size', 'sort', 'order'].includes(key)));

/**
 * Sums of the filtered orders, one tile per currency (amounts of different currencies are never
 * added up): orders, total, and what was refunded.
 */
export function OrderTotals({ query }: { query: Query }) {
  const filters = filtersOf(query);
  const totals = useQuery({ queryKey: adminKey('orders', 'totals', filters), queryFn: () => admin.get<{ data: Totals[] }>('orders/totals', filters).then((body) => body.data) });
  if (!totals.data || totals.data.length === 0) return null;
  return (
    <div className="admin-stats admin-order-totals" aria-label="Totals of the filtered orders" data-testid="order-totals">
      {totals.data.map((t) => (
        <div key={t.currency} className="admin-stat">
          <p className="admin-stat__label">
            {count(t.orders)} {t.orders === 1 ? 'order' : 'orders'} in {t.currency}
          </p>
          <p className="admin-stat__value">{money(t.totalMinor, t.currency)}</p>
          <p className="admin-stat__note">
            Paid {money(t.paidMinor, t.currency)}
            {t.refundedMinor > 0 && ` · refunded ${money(t.refundedMinor, t.currency)}`}
            {t.discountMinor > 0 && ` · discounts ${money(t.discountMinor, t.currency)}`}
          </p>
        </div>
      ))}
    </div>
  );
}

/** Downloads the filtered orders as CSV (`GET orders/export`). */
export function ExportOrdersButton({ query }: { query: Query }) {
  return <ExportCsvButton path="orders/export" query={filtersOf(query)} name="orders" />;
}
