import { Link } from 'react-router';
import { ORDER_KINDS, ORDER_SORTS, type AdminOrderSummary } from '@app/contract/admin';
import { ORDER_STATUSES } from '@app/contract/orders';
import { SUPPORTED_CURRENCIES } from '@app/contract/money';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { EmptyState, PageHeader } from '../../components/States.tsx';
import { DateFilter, FilterSelect, SearchBox, Toolbar, capitalise, withCurrent } from '../../components/Toolbar.tsx';
import { DateTimeCell } from '../../components/DateTimeCell.tsx';
import { fullName, money } from '../../components/format.ts';
import { useAdminList } from '../../api/queries.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { ExportOrdersButton, OrderTotals } from './OrderTotals.tsx';
import { TextFilter } from '../audit/TextFilter.tsx';

const spec = { sorts: ORDER_SORTS, defaultSort: 'createdAt', filters: ['status', 'kind', 'currency', 'email', 'from', 'to', 'customer', 'product'] } as const;

const columns: AdminColumn<AdminOrderSummary>[] = [
  {
    id: 'orderNumber',
    header: 'Order',
    cell: ({ row: { original: order } }) => (
      <Link className="admin-row-link admin-id" to={`/admin/orders/${order._id}`}>
        {order.orderNumber}
      </Link>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row: { original: order } }) => (
      <>
        <div>{fullName(order.customer)}</div>
        <div className="admin-muted admin-small admin-clip" title={order.customer.email}>
          {order.customer.email}
        </div>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <OrderStatus status={row.original.status} /> },
  { id: 'kind', header: 'Kind', cell: ({ row }) => capitalise(row.original.kind) },
  {
    id: 'total',
    header: 'Total',
    cell: ({ row: { original: order } }) => (
      <span className="admin-num">
        {money(order.totalMinor, order.currency)}
        {order.couponCode && <div className="admin-muted admin-small">coupon {order.couponCode}</div>}
      </span>
    ),
  },
  { id: 'createdAt', header: 'Placed', cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} /> },
  { id: 'paidAt', header: 'Paid', cell: ({ row }) => <DateTimeCell iso={row.original.paidAt} /> },
];

/** Every order of the shop, newest first, with filters by status, kind, currency, dates, customer email and product; totals per currency and CSV export of the filtered set. */
export function OrdersPage() {
  const list = useListParams(spec);
  const query = useAdminList<AdminOrderSummary>('orders', 'orders', list.query);
  const products = useAdminList<{ _id: string; name: string }>('products', 'products', { size: 100, sort: 'name', order: 'asc' });
  return (
    <>
      <title>Orders · Carbonwise Admin</title>
      <PageHeader title="Orders" description="Every order placed in the shop. Open one to see its lines, payment, certificates and shipping." actions={<ExportOrdersButton query={list.query} />} />
      <Toolbar>
        <SearchBox label="Search" placeholder="Order number or customer" value={list.q} onChange={(q) => list.set({ q })} />
        <FilterSelect label="Status" value={list.filters.status} onChange={(status) => list.set({ status })} options={ORDER_STATUSES} />
        <FilterSelect label="Kind" value={list.filters.kind} onChange={(kind) => list.set({ kind })} options={ORDER_KINDS} />
        <FilterSelect label="Currency" value={list.filters.currency} onChange={(currency) => list.set({ currency })} options={SUPPORTED_CURRENCIES.map((value) => ({ value, label: value }))} />
        <DateFilter label="From" value={list.filters.from} onChange={(from) => list.set({ from })} />
        <DateFilter label="To" value={list.filters.to} onChange={(to) => list.set({ to })} />
        <TextFilter label="Customer email" placeholder="All or part" value={list.filters.email} onChange={(email) => list.set({ email })} />
        <FilterSelect label="Product" value={list.filters.product} onChange={(product) => list.set({ product })} options={withCurrent(products.data?.data.map((p) => ({ value: p._id, label: p.name })), list.filters.product, 'Selected product')} />
      </Toolbar>
      <OrderTotals query={list.query} />
      <DataTable
        label="Orders"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(order) => order._id}
        list={list}
        sortable={ORDER_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title={list.q || Object.keys(list.filters).length ? 'No order matches these filters' : 'No orders yet'}>Orders appear here as soon as a customer checks out.</EmptyState>}
      />
    </>
  );
}
