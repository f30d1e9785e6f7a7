import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderSummary, customerBusinessSchema, customerCertificateSchema, customerFootprintSchema } from '@app/contract/admin';
import type { z } from 'zod';
import { Tabs } from '../../../../components/ui/Tabs.tsx';
import { useAdminList } from '../../api/queries.ts';
import { Badge, ErrorState, LoadingState } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { OrderStatus } from '../orders/OrderStatus.tsx';
import { dateTime, money, shortDate, tonnes } from '../../components/format.ts';

type Certificate = z.infer<typeof customerCertificateSchema>;
type Footprint = z.infer<typeof customerFootprintSchema>;
type Business = z.infer<typeof customerBusinessSchema>;

const TABS = ['orders', 'certificates', 'footprints', 'businesses'] as const;
type Tab = (typeof TABS)[number];

/** A customer's orders, certificates, footprints and businesses, one tab each (the tab is in the address). */
export function CustomerRecords({ id }: { id: string }) {
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'orders';
  return (
    <section className="admin-card" aria-label="Customer records">
      <Tabs
        label="Customer records"
        value={tab}
        onChange={(value) =>
          setSearch(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', value);
              next.delete('records');
              return next;
            },
            { replace: true },
          )
        }
        items={[
          { value: 'orders', label: 'Orders', content: <Orders id={id} /> },
          { value: 'certificates', label: 'Certificates', content: <Certificates id={id} /> },
          { value: 'footprints', label: 'Footprints', content: <Footprints id={id} /> },
          { value: 'businesses', label: 'Businesses', content: <Businesses id={id} /> },
        ]}
      />
    </section>
  );
}

const RECORDS_PAGE = 20;

/** One page of a tab's records, newest first; the page is in the address (`records`). */
function useRecords<T>(id: string, what: Tab) {
  const [search] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('records')) || 1));
  return useAdminList<T>('customers', `customers/${id}/${what}`, { page, size: RECORDS_PAGE });
}

function Records<T>({ query, empty, children }: { query: ReturnType<typeof useRecords<T>>; empty: string; children: (rows: T[]) => ReactNode }) {
  const [, setSearch] = useSearchParams();
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  const { page, size, total } = query.data.meta;
  if (total === 0) return <p className="admin-muted admin-small">{empty}</p>;
  const pages = Math.max(1, Math.ceil(total / size));
  const go = (to: number) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (to > 1) next.set('records', String(to));
        else next.delete('records');
        return next;
      },
      { replace: true },
    );
  return (
    <div aria-busy={query.isFetching || undefined}>
      {query.data.data.length > 0 ? children(query.data.data) : <p className="admin-muted admin-small">No records on this page.</p>}
      {pages > 1 && (
        <nav className="admin-records-pager" aria-label="Pages of records">
          <span className="admin-muted admin-small">
            {Math.min(total, (page - 1) * size + 1)}–{Math.min(total, page * size)} of {total}
          </span>
          <button type="button" className="btn btn--secondary btn--sm" disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </button>
          <button type="button" className="btn btn--secondary btn--sm" disabled={page >= pages} onClick={() => go(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

function Orders({ id }: { id: string }) {
  return (
    <Records query={useRecords<AdminOrderSummary>(id, 'orders')} empty="No orders yet.">
      {(rows) => (
        <table className="admin-simple-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-num">Total</th>
              <th scope="col">Placed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((order) => (
              <tr key={order._id}>
                <td>
                  <Link className="admin-row-link admin-id" to={`/admin/orders/${order._id}`}>
                    {order.orderNumber}
                  </Link>
                </td>
                <td>
                  <OrderStatus status={order.status} />
                </td>
                <td className="admin-num">{money(order.totalMinor, order.currency)}</td>
                <td>{dateTime(order.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Records>
  );
}

function Certificates({ id }: { id: string }) {
  return (
    <Records query={useRecords<Certificate>(id, 'certificates')} empty="No certificates yet: they come with paid offset orders.">
      {(rows) => (
        <table className="admin-simple-table">
          <thead>
            <tr>
              <th scope="col">Serial</th>
              <th scope="col">Project</th>
              <th scope="col" className="admin-num">Tonnes</th>
              <th scope="col">Issued</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((certificate) => (
              <tr key={certificate.serial}>
                <td>
                  <a className="admin-row-link" href={`/certificates/${certificate.serial}`} target="_blank" rel="noreferrer">
                    {certificate.serial}
                  </a>{' '}
                  {certificate.status === 'void' && <Badge tone="danger">Void</Badge>}
                </td>
                <td>{certificate.projectName}</td>
                <td className="admin-num">{tonnes(certificate.tonnes)}</td>
                <td>{shortDate(certificate.issuedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Records>
  );
}

function Footprints({ id }: { id: string }) {
  return (
    <Records query={useRecords<Footprint>(id, 'footprints')} empty="No saved footprints.">
      {(rows) => (
        <table className="admin-simple-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col" className="admin-num">Total</th>
              <th scope="col">Factors</th>
              <th scope="col">Saved</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((footprint) => (
              <tr key={footprint._id}>
                <td>{capitalise(footprint.kind)}</td>
                <td className="admin-num">{tonnes(footprint.totalKg / 1000)} CO₂e</td>
                <td>{footprint.factorSetYear}</td>
                <td>{shortDate(footprint.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Records>
  );
}

function Businesses({ id }: { id: string }) {
  return (
    <Records query={useRecords<Business>(id, 'businesses')} empty="Not part of any business.">
      {(rows) => (
        <table className="admin-simple-table">
          <thead>
            <tr>
              <th scope="col">Business</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((business) => (
              <tr key={business._id}>
                <td>
                  {business.name} <span className="admin-muted">({business.businessCode})</span>
                </td>
                <td>{capitalise(business.role)}</td>
                <td>{capitalise(business.status)}</td>
                <td>{shortDate(business.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Records>
  );
}
