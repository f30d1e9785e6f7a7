import { useState } from 'react';
import type { AdminOrderHistory } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { RefundDialog } from './RefundDialog.tsx';

/** Cancel (an unpaid order) and Refund (a paid one): offered only where the state machine allows them. */
export function OrderActions({ orderId, orderNumber, history }: { orderId: string; orderNumber: string; history: AdminOrderHistory | undefined }) {
  const toast = useToast();
  const [refunding, setRefunding] = useState(false);
  const cancel = useAdminWrite((reason: string) => admin.post<{ message?: string }>(`orders/${orderId}/cancel`, reason ? { reason } : {}), ['orders']);
  if (!history) return null;
  return (
    <>
      {history.next.includes('cancelled') && (
        <ConfirmAction
          label="Cancel order"
          title={`Cancel order ${orderNumber}?`}
          description="The order has not been paid. Cancelling it releases its stock and coupon at once and emails the customer."
          confirmLabel="Cancel order"
          danger
          reason={{ label: 'Reason (shown to the customer)' }}
          onConfirm={async (reason) => {
            const answer = await cancel.mutateAsync(reason);
            toast.success(answer.message ?? 'Order cancelled');
          }}
        />
      )}
      {history.refundableMinor > 0 && (
        <Button size="sm" variant="secondary" onClick={() => setRefunding(true)}>
          Refund…
        </Button>
      )}
      {refunding && <RefundDialog orderId={orderId} orderNumber={orderNumber} history={history} onClose={() => setRefunding(false)} />}
    </>
  );
}
