import { useState } from 'react';
import { COUPON_SORTS, COUPON_STATUSES, type AdminCoupon } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminList, useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { FilterSelect, SearchBox, Toolbar, capitalise } from '../../components/Toolbar.tsx';
import { count, money, shortDate } from '../../components/format.ts';
import { CouponDialog } from './CouponDialog.tsx';

const spec = { sorts: COUPON_SORTS, defaultSort: 'createdAt', filters: ['status'] } as const;
const TONE = { active: 'success', scheduled: 'info', ended: 'neutral', exhausted: 'warning', disabled: 'danger' } as const;

export function discountText(coupon: AdminCoupon): string {
  if (coupon.kind === 'percent') return `${coupon.percentOff ?? 0}% off`;
  return Object.entries(coupon.amountOffMinor ?? {})
    .map(([currency, amount]) => money(amount ?? 0, currency))
    .join(' · ');
}

/** Coupons with their uses (paid, and held by unpaid orders); create, edit, disable and enable again. */
export function CouponsPage() {
  const toast = useToast();
  const list = useListParams(spec);
  const query = useAdminList<AdminCoupon>('coupons', 'coupons', list.query);
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const disable = useAdminWrite((id: string) => admin.post(`coupons/${id}/disable`), ['coupons']);
  const enable = useAdminWrite((id: string) => admin.post(`coupons/${id}/enable`), ['coupons']);

  const columns: AdminColumn<AdminCoupon>[] = [
    {
      id: 'code',
      header: 'Code',
      cell: ({ row: { original: coupon } }) => (
        <>
          <code className="admin-code-text">{coupon.code}</code>
          {coupon.description && <div className="admin-muted admin-small admin-wrap">{coupon.description}</div>}
        </>
      ),
    },
    { id: 'discount', header: 'Discount', cell: ({ row }) => <div className="admin-wrap admin-wrap--narrow">{discountText(row.original)}</div> },
    { id: 'status', header: 'Status', cell: ({ row }) => <Badge tone={TONE[row.original.status]}>{capitalise(row.original.status)}</Badge> },
    {
      id: 'uses',
      header: 'Uses',
      cell: ({ row: { original: coupon } }) => (
        <span className="admin-num">
          {count(coupon.uses.paid)}
          {coupon.maxUses !== null && ` / ${count(coupon.maxUses)}`}
          {coupon.uses.pending > 0 && <div className="admin-muted admin-small">+{count(coupon.uses.pending)} pending</div>}
        </span>
      ),
    },
    { id: 'validity', header: 'Valid', cell: ({ row: { original: coupon } }) => `${coupon.startsAt ? shortDate(coupon.startsAt) : 'Now'} – ${coupon.endsAt ? shortDate(coupon.endsAt) : 'no end'}` },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original: coupon } }) => (
        <span className="admin-row-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing(coupon)} aria-label={`Edit ${coupon.code}`}>
            Edit
          </Button>
          {coupon.status === 'disabled' ? (
            <ConfirmAction
              label="Enable"
              title={`Enable ${coupon.code} again?`}
              description="Customers can use it again within its dates and limits."
              confirmLabel="Enable"
              onConfirm={async () => {
                await enable.mutateAsync(coupon._id);
                toast.success(`${coupon.code} enabled`);
              }}
            />
          ) : (
            <ConfirmAction
              label="Disable"
              danger
              title={`Disable ${coupon.code}?`}
              description="Carts refuse it from now on, like an expired coupon. Orders that already hold it keep their discount."
              confirmLabel="Disable coupon"
              onConfirm={async () => {
                await disable.mutateAsync(coupon._id);
                toast.success(`${coupon.code} disabled`);
              }}
            />
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <title>Coupons · Carbonwise Admin</title>
      <PageHeader
        title="Coupons"
        description="Discount codes customers enter in the cart."
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            New coupon
          </Button>
        }
      />
      <Toolbar>
        <SearchBox label="Search" placeholder="Code or description" value={list.q} onChange={(q) => list.set({ q })} />
        <FilterSelect label="Status" value={list.filters.status} onChange={(status) => list.set({ status })} options={COUPON_STATUSES} />
      </Toolbar>
      <DataTable
        label="Coupons"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(coupon) => coupon._id}
        list={list}
        sortable={COUPON_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          <EmptyState
            title={list.q || list.filters.status ? 'No coupon matches' : 'No coupons yet'}
            action={
              <Button size="sm" onClick={() => setEditing('new')}>
                Create a coupon
              </Button>
            }
          />
        }
      />
      {editing && <CouponDialog coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
