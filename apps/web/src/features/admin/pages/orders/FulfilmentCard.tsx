import { useId, useState } from 'react';
import { CARRIERS, type FulfilmentLineState } from '@app/contract/orders';
import type { AdminOrderDetail, AdminOrderFulfilment } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminRecord, useAdminWrite } from '../../api/queries.ts';
import { InputField } from '../../components/form.tsx';
import { Badge } from '../../components/States.tsx';
import { dateTime } from '../../components/format.ts';
import { LineQuantitiesDialog } from './LineQuantitiesDialog.tsx';
import './fulfilment.css';

const STATES: Record<FulfilmentLineState, { label: string; tone: 'neutral' | 'info' | 'success' | 'danger' | 'warning' }> = {
  unfulfilled: { label: 'Unfulfilled', tone: 'warning' },
  partially_shipped: { label: 'Partly shipped', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  returned: { label: 'Returned', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** Orders whose goods may be shipped (the API says so too: ORDER_NOT_FULFILLABLE). */
const SHIPPABLE = new Set(['paid', 'partially_refunded']);

/**
 * Shipping of an order's goods lines (issue 25): the state of each line, the parcels with their
 * tracking, and the actions: Fulfil (lines, quantities, carrier, tracking number), Mark
 * delivered per parcel, and Mark returned (units go back to stock). Offsets need none.
 */
export function FulfilmentCard({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const carriersId = useId();
  const fulfilment = useAdminRecord<AdminOrderFulfilment>('orders', `orders/${order._id}/fulfilments`);
  const [dialog, setDialog] = useState<'ship' | 'return' | null>(null);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [note, setNote] = useState('');
  const ship = useAdminWrite((lines: { lineId: string; quantity: number }[]) => admin.post(`orders/${order._id}/fulfilments`, { lines, carrier, trackingNumber }), ['orders']);
  const returns = useAdminWrite((lines: { lineId: string; quantity: number }[]) => admin.post(`orders/${order._id}/returns`, { lines, ...(note.trim() ? { note } : {}) }), ['orders', 'products']);
  const deliver = useAdminWrite((shipmentId: string) => admin.post(`orders/${order._id}/fulfilments/${shipmentId}/delivery`), ['orders']);

  const data = fulfilment.data;
  if (!data || data.lines.length === 0) return null;
  const toShip = data.lines.filter((line) => line.shipped < line.quantity - line.refunded);
  const toReturn = data.lines.filter((line) => line.shipped - line.returned > 0);
  const nameOf = new Map(data.lines.map((line) => [line.lineId, line.productName]));
  const canShip = SHIPPABLE.has(order.status) && toShip.length > 0;

  return (
    <section className="admin-card" aria-labelledby="order-fulfilment" data-testid="fulfilment-card">
      <div className="admin-card__header">
        <h2 id="order-fulfilment" className="admin-card__title">
          Shipping
        </h2>
        <div className="admin-actions">
          {toReturn.length > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setDialog('return')}>
              Mark returned
            </Button>
          )}
          {canShip && (
            <Button size="sm" onClick={() => setDialog('ship')}>
              Fulfil
            </Button>
          )}
        </div>
      </div>
      <table className="admin-simple-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="admin-num">Ordered</th>
            <th scope="col" className="admin-num">Shipped</th>
            <th scope="col" className="admin-num">Returned</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={line.lineId} data-testid="fulfilment-line">
              <td>{line.productName}</td>
              <td className="admin-num">{line.quantity}</td>
              <td className="admin-num">{line.shipped}</td>
              <td className="admin-num">{line.returned}</td>
              <td>
                <Badge tone={STATES[line.state].tone}>{STATES[line.state].label}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!SHIPPABLE.has(order.status) && data.shipments.length === 0 && <p className="admin-muted admin-small">Goods ship once the order is paid.</p>}
      {data.shipments.length > 0 && (
        <ul className="admin-list admin-shipments">
          {data.shipments.map((shipment) => (
            <li key={shipment._id} data-testid="shipment">
              <div>
                <strong>{shipment.carrier}</strong>{' '}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
                <div className="admin-muted admin-small">
                  {shipment.lines.map((line) => `${line.quantity} × ${nameOf.get(line.lineId) ?? ''}`).join(', ')} · shipped {dateTime(shipment.shippedAt)}
                  {shipment.deliveredAt && ` · delivered ${dateTime(shipment.deliveredAt)}`}
                </div>
              </div>
              {shipment.status === 'delivered' ? (
                <Badge tone="success">Delivered</Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={deliver.isPending && deliver.variables === shipment._id}
                  onClick={() =>
                    void deliver.mutateAsync(shipment._id).then(
                      () => toast.success('Marked delivered'),
                      (error: unknown) => toast.error(error instanceof Error ? error.message : 'Could not mark it delivered'),
                    )
                  }
                >
                  Mark delivered
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog === 'ship' && (
        <LineQuantitiesDialog
          title={`Fulfil order ${order.orderNumber}`}
          description="Choose the units in this parcel. The customer is emailed the carrier and tracking number."
          submitLabel="Ship"
          lines={toShip.map((line) => ({ lineId: line.lineId, label: line.productName, max: line.quantity - line.refunded - line.shipped }))}
          onClose={() => setDialog(null)}
          onSubmit={async (lines) => {
            await ship.mutateAsync(lines);
            toast.success('Shipped: the customer was emailed the tracking number');
            setTrackingNumber('');
          }}
          fields={(errors) => (
            <div className="admin-form-grid">
              <InputField label="Carrier" list={carriersId} value={carrier} maxLength={60} error={errors.carrier} hint="A known carrier gets a tracking link." onChange={(event) => setCarrier(event.target.value)} />
              <datalist id={carriersId}>
                {CARRIERS.map((c) => (
                  <option key={c.name} value={c.name} />
                ))}
              </datalist>
              <InputField label="Tracking number" value={trackingNumber} maxLength={100} error={errors.trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
            </div>
          )}
        />
      )}
      {dialog === 'return' && (
        <LineQuantitiesDialog
          title={`Returned goods of order ${order.orderNumber}`}
          description="Choose the units that came back. They go back to stock, with a stock ledger row."
          submitLabel="Mark returned"
          lines={toReturn.map((line) => ({ lineId: line.lineId, label: line.productName, max: line.shipped - line.returned }))}
          onClose={() => setDialog(null)}
          onSubmit={async (lines) => {
            await returns.mutateAsync(lines);
            toast.success('Returned: the units are back in stock');
            setNote('');
          }}
          fields={(errors) => <InputField label="Note (optional)" value={note} maxLength={300} error={errors.note} placeholder="Wrong size, damaged…" onChange={(event) => setNote(event.target.value)} />}
        />
      )}
    </section>
  );
}
