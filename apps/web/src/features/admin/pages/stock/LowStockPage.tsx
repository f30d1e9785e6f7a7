import { Link } from 'react-router';
import { LOW_STOCK_SORTS, type LowStockItem } from '@app/contract/admin';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { EmptyState, PageHeader } from '../../components/States.tsx';
import { SearchBox, Toolbar, capitalise } from '../../components/Toolbar.tsx';
import { count } from '../../components/format.ts';
import { useAdminList } from '../../api/queries.ts';

const spec = { sorts: LOW_STOCK_SORTS, defaultSort: 'available', defaultOrder: 'asc' } as const;

const columns: AdminColumn<LowStockItem>[] = [
  {
    id: 'name',
    header: 'Product',
    cell: ({ row: { original: item } }) => (
      <div className="admin-product-cell">
        {item.image ? <img className="admin-thumb" src={item.image} alt="" loading="lazy" /> : <span className="admin-thumb" aria-hidden="true" />}
        <div>
          <Link className="admin-row-link" to={`/admin/products/${item.productId}#product-stock`}>
            {item.name}
          </Link>
          <div className="admin-muted admin-small">{capitalise(item.kind)}</div>
        </div>
      </div>
    ),
  },
  { id: 'label', header: 'Item', cell: ({ row }) => row.original.label },
  { id: 'available', header: 'Available', cell: ({ row }) => <span className={`admin-num ${row.original.available <= 0 ? 'admin-negative' : ''}`}>{count(row.original.available)}</span> },
  { id: 'lowStockThreshold', header: 'Threshold', cell: ({ row }) => <span className="admin-num">{count(row.original.lowStockThreshold)}</span> },
  {
    id: 'restock',
    header: '',
    cell: ({ row }) => (
      <Link className="btn btn--secondary btn--sm" to={`/admin/products/${row.original.productId}#product-stock`}>
        Restock
      </Link>
    ),
  },
];

/** Everything at or below its product's low-stock threshold, emptiest first. */
export function LowStockPage() {
  const list = useListParams(spec);
  const query = useAdminList<LowStockItem>('stock', 'products/low-stock', list.query);
  return (
    <>
      <title>Stock · Carbonwise Admin</title>
      <PageHeader title="Low stock" description="Products and sizes whose available stock is at or below the product's threshold. Restock them from the product's page; every change is kept in its ledger." />
      <Toolbar>
        <SearchBox label="Search" placeholder="Product name" value={list.q} onChange={(q) => list.set({ q })} />
      </Toolbar>
      <DataTable
        label="Low stock"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(item) => `${item.productId}-${item.sizeId ?? ''}`}
        list={list}
        sortable={LOW_STOCK_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title="Nothing is running low">Every product and size is above its threshold.</EmptyState>}
      />
    </>
  );
}
