import { Link } from 'react-router';
import { CUSTOMER_SORTS, type CustomerSummary } from '@app/contract/admin';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { FilterSelect, SearchBox, Toolbar } from '../../components/Toolbar.tsx';
import { count, fullName, shortDate } from '../../components/format.ts';
import { useAdminList } from '../../api/queries.ts';

const spec = { sorts: CUSTOMER_SORTS, defaultSort: 'createdAt', filters: ['verified', 'locked'] } as const;

const columns: AdminColumn<CustomerSummary>[] = [
  {
    id: 'name',
    header: 'Customer',
    cell: ({ row: { original: customer } }) => (
      <>
        <Link className="admin-row-link" to={`/admin/customers/${customer._id}`}>
          {fullName(customer)}
        </Link>
        <div className="admin-muted admin-small">{customer.email}</div>
      </>
    ),
  },
  {
    id: 'state',
    header: 'Account',
    cell: ({ row: { original: customer } }) => (
      <span className="admin-row-actions admin-row-actions--start">
        {customer.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
        {customer.locked && <Badge tone="danger">Locked</Badge>}
      </span>
    ),
  },
  { id: 'orders', header: 'Orders', cell: ({ row }) => <span className="admin-num">{count(row.original.orderCount)}</span> },
  { id: 'createdAt', header: 'Joined', cell: ({ row }) => shortDate(row.original.createdAt) },
];

/** Every account: search by email or name, filter by verified and locked. */
export function CustomersPage() {
  const list = useListParams(spec);
  const query = useAdminList<CustomerSummary>('customers', 'customers', list.query);
  return (
    <>
      <title>Customers · Carbonwise Admin</title>
      <PageHeader title="Customers" description="Everyone with an account. Open one for their orders, certificates, footprints and businesses." />
      <Toolbar>
        <SearchBox label="Search" placeholder="Email or name" value={list.q} onChange={(q) => list.set({ q })} />
        <FilterSelect label="Verified" value={list.filters.verified} onChange={(verified) => list.set({ verified })} options={[{ value: 'true', label: 'Verified' }, { value: 'false', label: 'Not verified' }]} />
        <FilterSelect label="Sign-in" value={list.filters.locked} onChange={(locked) => list.set({ locked })} options={[{ value: 'false', label: 'Allowed' }, { value: 'true', label: 'Locked' }]} />
      </Toolbar>
      <DataTable
        label="Customers"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(customer) => customer._id}
        list={list}
        sortable={CUSTOMER_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title={list.q || Object.keys(list.filters).length ? 'No customer matches' : 'No customers yet'}>Accounts appear here when people register.</EmptyState>}
      />
    </>
  );
}
