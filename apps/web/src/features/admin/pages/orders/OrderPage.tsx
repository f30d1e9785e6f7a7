import { Link, useParams } from 'react-router';
import type { AdminOrderDetail, AdminOrderHistory } from '@app/contract/admin';
import { useAdminRecord } from '../../api/queries.ts';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { count, dateTime, money, tonnes } from '../../components/format.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { OrderActions } from './OrderActions.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

/** One order in full: lines, totals, customer and address, payment, certificates. */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useAdminRecord<AdminOrderDetail>('orders', `orders/${id}`);
  const history = useAdminRecord<AdminOrderHistory>('orders', `orders/${id}/history`);
  if (order.error) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <LoadingState />;
  const o = order.data;
  const address = o.address ? Object.entries(o.address).filter(([, value]) => typeof value === 'string' && value) : [];
  return (
    <>
      <title>{`Order ${o.orderNumber} · Carbonwise Admin`}</title>
      <PageHeader
        back={
          <Link className="admin-back" to="/admin/orders">
            ← Orders
          </Link>
        }
        title={
          <>
            Order {o.orderNumber} <OrderStatus status={o.status} />
          </>
        }
        description={`Placed ${dateTime(o.createdAt)}${o.paidAt ? ` · paid ${dateTime(o.paidAt)}` : ''} · ${capitalise(o.kind)} order`}
        actions={<OrderActions orderId={o._id} orderNumber={o.orderNumber} history={history.data} />}
      />
      <div className="admin-columns">
        <div className="admin-side">
          <section className="admin-card" aria-labelledby="order-lines">
            <h2 id="order-lines" className="admin-card__title">
              Items
            </h2>
            <table className="admin-simple-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="admin-num">Quantity</th>
                  <th scope="col" className="admin-num">Unit price</th>
                  <th scope="col" className="admin-num">Total</th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((line) => (
                  <tr key={line._id}>
                    <td>
                      <Link className="admin-row-link" to={`/admin/products/${line.productId}`}>
                        {line.productName}
                      </Link>
                      {(line.colorName || line.sizeName) && <div className="admin-muted admin-small">{[line.colorName, line.sizeName].filter(Boolean).join(' / ')}</div>}
                    </td>
                    <td className="admin-num">
                      {count(line.quantity)} {line.unit}
                    </td>
                    <td className="admin-num">{money(line.unitPriceMinor, o.currency)}</td>
                    <td className="admin-num">{money(line.totalMinor, o.currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="admin-num">
                    Subtotal
                  </th>
                  <td className="admin-num">{money(o.subTotalMinor, o.currency)}</td>
                </tr>
                {o.discountMinor > 0 && (
                  <tr>
                    <th scope="row" colSpan={3} className="admin-num">
                      Discount{o.couponCode ? ` (${o.couponCode})` : ''}
                    </th>
                    <td className="admin-num">−{money(o.discountMinor, o.currency)}</td>
                  </tr>
                )}
                <tr>
                  <th scope="row" colSpan={3} className="admin-num">
                    Total
                  </th>
                  <td className="admin-num">
                    <strong>{money(o.totalMinor, o.currency)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
          {o.certificates.length > 0 && (
            <section className="admin-card" aria-labelledby="order-certificates">
              <h2 id="order-certificates" className="admin-card__title">
                Certificates
              </h2>
              <ul className="admin-list">
                {o.certificates.map((certificate) => (
                  <li key={certificate.serial}>
                    <a className="admin-row-link" href={`/certificates/${certificate.serial}`} target="_blank" rel="noreferrer">
                      {certificate.serial}
                    </a>
                    <span>
                      {certificate.productName} · {tonnes(certificate.tonnes)}
                    </span>
                    <Badge tone={certificate.status === 'valid' ? 'success' : 'danger'}>{capitalise(certificate.status)}</Badge>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {history.data && (
            <section className="admin-card" aria-labelledby="order-timeline">
              <h2 id="order-timeline" className="admin-card__title">
                Timeline
              </h2>
              <OrderTimeline events={history.data.timeline} />
            </section>
          )}
        </div>
        <div className="admin-side">
          <section className="admin-card" aria-labelledby="order-customer">
            <h2 id="order-customer" className="admin-card__title">
              Customer
            </h2>
            <dl className="admin-facts">
              <dt>Account</dt>
              <dd>
                <Link to={`/admin/customers/${o.customer._id}`}>{o.customer.email}</Link>
              </dd>
              <dt>Buyer</dt>
              <dd>
                {`${o.firstName} ${o.lastName}`.trim() || '—'}
                <div className="admin-muted">{o.buyerEmail}</div>
              </dd>
              {address.length > 0 && (
                <>
                  <dt>Address</dt>
                  <dd>{address.map(([, value]) => String(value)).join(', ')}</dd>
                </>
              )}
              {o.businessCode && (
                <>
                  <dt>Business</dt>
                  <dd>{o.businessCode}</dd>
                </>
              )}
              {o.conferanceCode && (
                <>
                  <dt>Event</dt>
                  <dd>{o.conferanceCode}</dd>
                </>
              )}
            </dl>
          </section>
          <section className="admin-card" aria-labelledby="order-payment">
            <h2 id="order-payment" className="admin-card__title">
              Payment
            </h2>
            <dl className="admin-facts">
              <dt>Provider</dt>
              <dd>{capitalise(o.paymentProvider)}</dd>
              <dt>Reference</dt>
              <dd>{o.paymentReference ?? '—'}</dd>
              {o.status === 'pending' && (
                <>
                  <dt>Stock held until</dt>
                  <dd>{dateTime(o.reservedUntil)}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
