import { Link } from 'react-router';
import { PRODUCT_SORTS, type AdminProductSummary } from '@app/contract/admin';
import type { ProductReferences } from './ProductForm.tsx';
import { PRODUCT_KINDS } from '@app/contract/catalog-query';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { EmptyState, Badge, PageHeader } from '../../components/States.tsx';
import { FilterSelect, SearchBox, Toolbar, capitalise, withCurrent } from '../../components/Toolbar.tsx';
import { money, shortDate, count } from '../../components/format.ts';
import { useAdminList, useAdminRecord } from '../../api/queries.ts';
import { ExportButton } from './ExportButton.tsx';

const spec = { sorts: PRODUCT_SORTS, defaultSort: 'updatedAt', filters: ['status', 'kind', 'category', 'tag', 'lowStock', 'featured', 'offered'] } as const;

const columns: AdminColumn<AdminProductSummary>[] = [
  {
    id: 'name',
    header: 'Product',
    cell: ({ row: { original: product } }) => (
      <div className="admin-product-cell">
        {product.image ? <img className="admin-thumb" src={product.image} alt="" loading="lazy" /> : <span className="admin-thumb" aria-hidden="true" />}
        <div>
          <Link className="admin-row-link" to={`/admin/products/${product._id}`}>
            {product.name}
          </Link>
          <div className="admin-muted admin-small">{product.categories.map((category) => category.name).join(', ') || 'No category'}</div>
        </div>
      </div>
    ),
  },
  { id: 'kind', header: 'Kind', cell: ({ row }) => capitalise(row.original.kind) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: product } }) => (
      <span className="admin-badges">
        {product.status === 'archived' ? <Badge>Archived</Badge> : <Badge tone="success">Active</Badge>} {product.featured && <Badge tone="info">Featured</Badge>}
      </span>
    ),
  },
  {
    id: 'price',
    header: 'Price (USD)',
    cell: ({ row }) => {
      const usd = row.original.prices.find((price) => price.currency === 'USD');
      return <span className="admin-num">{usd ? money(usd.priceMinor, 'USD') : '—'}</span>;
    },
  },
  {
    id: 'stock',
    header: 'Available',
    cell: ({ row: { original: product } }) => (
      <span className="admin-num">
        {count(product.available)} {product.lowStock && <Badge tone="warning">Low</Badge>}
        {product.reserved > 0 && <span className="admin-muted admin-small"> ({count(product.reserved)} held)</span>}
      </span>
    ),
  },
  { id: 'updatedAt', header: 'Updated', cell: ({ row }) => shortDate(row.original.updatedAt) },
];

/** The catalogue as operators see it: search, filters, sort and page in the address. */
export function ProductsPage() {
  const list = useListParams(spec);
  const query = useAdminList<AdminProductSummary>('products', 'products', list.query);
  // The category and tag filters pick from what the product form picks from.
  const references = useAdminRecord<ProductReferences>('products', 'products/references').data;
  const filtered = Boolean(list.q || Object.keys(list.filters).length);
  return (
    <>
      <title>Products · Carbonwise Admin</title>
      <PageHeader
        title="Products"
        description="Everything the shop sells: offsets and green products, their prices in seven currencies and their stock."
        actions={
          <>
            <ExportButton />
            <Link className="btn btn--secondary btn--sm" to="/admin/products/import">
              Import CSV
            </Link>
            <Link className="btn btn--primary btn--sm" to="/admin/products/new">
              New product
            </Link>
          </>
        }
      />
      <Toolbar>
        <SearchBox label="Search" placeholder="Name or slug" value={list.q} onChange={(q) => list.set({ q })} />
        <FilterSelect label="Status" value={list.filters.status} onChange={(status) => list.set({ status })} allLabel="Active" options={[{ value: 'archived', label: 'Archived' }, { value: 'all', label: 'All' }]} />
        <FilterSelect label="Kind" value={list.filters.kind} onChange={(kind) => list.set({ kind })} options={PRODUCT_KINDS} />
        <FilterSelect label="Category" value={list.filters.category} onChange={(category) => list.set({ category })} options={withCurrent(references?.categories.map((c) => ({ value: c._id, label: c.name })), list.filters.category, 'This category')} />
        <FilterSelect label="Tag" value={list.filters.tag} onChange={(tag) => list.set({ tag })} options={withCurrent(references?.tags.map((t) => ({ value: t, label: t })), list.filters.tag, list.filters.tag ?? '')} />
        <FilterSelect label="Stock" value={list.filters.lowStock} onChange={(lowStock) => list.set({ lowStock })} options={[{ value: 'true', label: 'Low stock' }]} />
        <FilterSelect label="Featured" value={list.filters.featured} onChange={(featured) => list.set({ featured })} options={[{ value: 'true', label: 'Featured' }, { value: 'false', label: 'Not featured' }]} />
        <FilterSelect label="Offered" value={list.filters.offered} onChange={(offered) => list.set({ offered })} options={[{ value: 'true', label: 'On offer' }, { value: 'false', label: 'Not on offer' }]} />
      </Toolbar>
      <DataTable
        label="Products"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(product) => product._id}
        list={list}
        sortable={PRODUCT_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          filtered ? (
            <EmptyState title="No product matches these filters">Change the search or clear the filters.</EmptyState>
          ) : (
            <EmptyState
              title="No products yet"
              action={
                <Link className="btn btn--primary btn--sm" to="/admin/products/new">
                  Create the first product
                </Link>
              }
            >
              Add an offset project or a green product, or import a CSV file.
            </EmptyState>
          )
        }
      />
    </>
  );
}
