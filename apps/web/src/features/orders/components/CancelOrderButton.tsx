import { useState } from 'react';
import type { Order } from '@app/contract/orders';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useCancelOrder } from '../api/use-orders.ts';

/** "Cancel order" on an order awaiting payment, after a confirmation: its items and coupon are released at once. */
export function CancelOrderButton({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder(order.id);
  const toast = useToast();

  async function confirm() {
    try {
      await cancel.mutateAsync();
      toast.success(`Order ${order.orderNumber} cancelled`);
    } catch (error) {
      toast.error((error as Error).message);
    }
    setAsking(false);
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="cancel-order">
        Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${order.orderNumber}?`}
        description="Nothing has been charged. The items go back on sale and any coupon you used is free again. A cancelled order cannot be paid any more."
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        busy={cancel.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
