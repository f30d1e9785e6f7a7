import { Link } from 'react-router';
import { REVIEW_SORTS, type AdminProductSummary, type AdminReview } from '@app/contract/admin';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminList, useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { FilterSelect, SearchBox, Toolbar, withCurrent } from '../../components/Toolbar.tsx';
import { shortDate } from '../../components/format.ts';

const spec = { sorts: REVIEW_SORTS, defaultSort: 'createdAt', filters: ['rating', 'hidden', 'product'] } as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="admin-stars" aria-label={`${rating} of 5 stars`}>
      {'★'.repeat(rating)}
      <span aria-hidden="true" className="admin-stars__off">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}

/** Every review, with filters; hide one (with a reason) and it leaves the product's page and average at once. */
export function ReviewsPage() {
  const toast = useToast();
  const list = useListParams(spec);
  const query = useAdminList<AdminReview>('reviews', 'reviews', list.query);
  // The product filter offers the first 100 products by name (archived ones too: their reviews stay).
  const products = useAdminList<AdminProductSummary>('products', 'products', { status: 'all', sort: 'name', order: 'asc', size: 100 }).data?.data;
  const productName = query.data?.data.find((review) => review.product._id === list.filters.product)?.product.name ?? 'This product';
  const hide = useAdminWrite(({ id, reason }: { id: string; reason: string }) => admin.post(`reviews/${id}/hide`, { reason }), ['reviews', 'products']);
  const unhide = useAdminWrite(({ id, reason }: { id: string; reason: string }) => admin.post(`reviews/${id}/unhide`, reason ? { reason } : {}), ['reviews', 'products']);

  const columns: AdminColumn<AdminReview>[] = [
    {
      id: 'product',
      header: 'Product',
      cell: ({ row: { original: review } }) => (
        <Link className="admin-row-link" to={`/admin/products/${review.product._id}`}>
          {review.product.name}
        </Link>
      ),
    },
    { id: 'rating', header: 'Rating', cell: ({ row }) => <Stars rating={row.original.rating} /> },
    {
      id: 'comment',
      header: 'Review',
      cell: ({ row: { original: review } }) => (
        <div className="admin-review">
          <p className="admin-review__comment">{review.comment || <span className="admin-muted">No comment</span>}</p>
          <p className="admin-muted admin-small">
            {review.author.name || review.author.email} · order {review.order.orderNumber}
          </p>
          {review.hidden && (
            <p className="admin-small">
              <Badge tone="danger">Hidden</Badge> {review.hiddenReason} <span className="admin-muted">({review.hiddenBy}, {shortDate(review.hiddenAt)})</span>
            </p>
          )}
        </div>
      ),
    },
    { id: 'createdAt', header: 'Written', cell: ({ row }) => shortDate(row.original.createdAt) },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original: review } }) =>
        review.hidden ? (
          <ConfirmAction
            label="Unhide"
            title="Show this review again?"
            description="It returns to the product's page and counts in its average at once."
            confirmLabel="Unhide review"
            onConfirm={async (reason) => {
              await unhide.mutateAsync({ id: review._id, reason });
              toast.success('The review is shown again');
            }}
          />
        ) : (
          <ConfirmAction
            label="Hide"
            danger
            title="Hide this review?"
            description="It leaves the product's page, average and count at once. Its author still sees it. The reason is kept in the audit log."
            confirmLabel="Hide review"
            reason={{ label: 'Reason', placeholder: 'Spam, abuse, not about the product…' }}
            buttonProps={{ 'aria-label': `Hide the review of ${review.product.name} by ${review.author.name || review.author.email}` }}
            onConfirm={async (reason) => {
              await hide.mutateAsync({ id: review._id, reason });
              toast.success('Review hidden');
            }}
          />
        ),
    },
  ];

  return (
    <>
      <title>Reviews · Carbonwise Admin</title>
      <PageHeader title="Reviews" description="What customers wrote about what they bought. Hide a review that breaks the rules; hiding asks for a reason." />
      <Toolbar>
        <SearchBox label="Search" placeholder="Text, product or author" value={list.q} onChange={(q) => list.set({ q })} />
        <FilterSelect label="Product" value={list.filters.product} onChange={(product) => list.set({ product })} options={withCurrent(products?.map((p) => ({ value: p._id, label: p.name })), list.filters.product, productName)} />
        <FilterSelect label="Rating" value={list.filters.rating} onChange={(rating) => list.set({ rating })} options={['5', '4', '3', '2', '1'].map((value) => ({ value, label: `${value} star${value === '1' ? '' : 's'}` }))} />
        <FilterSelect label="Visibility" value={list.filters.hidden} onChange={(hidden) => list.set({ hidden })} options={[{ value: 'false', label: 'Shown' }, { value: 'true', label: 'Hidden' }]} />
      </Toolbar>
      <DataTable
        label="Reviews"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(review) => review._id}
        list={list}
        sortable={REVIEW_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title={list.q || Object.keys(list.filters).length ? 'No review matches these filters' : 'No reviews yet'}>Customers review what they bought after their order is paid.</EmptyState>}
      />
    </>
  );
}
