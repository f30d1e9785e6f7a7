import { useRef, useState } from 'react';
import type { Order, OrderCreateBody } from '@app/contract/orders';
import { OrderFailedError, createOrder } from './api/orders-api.ts';
import { CheckoutAttempt } from './checkout-attempt.ts';
import { recordPlacedOrder } from './checkout-storage.ts';

/**
 * Places the order of the checkout page. One request at a time: a second submit while one is out
 * waits for the same answer rather than sending again. Keys follow CheckoutAttempt. On success the
 * spec's stored values are updated (isLastOrderBusiness, TotalOrders, referral cleared) before
 * `onPlaced`, and `sending` stays up while the page leaves.
 */
export function usePlaceOrder(onPlaced: (order: Order) => void) {
  const attempt = useRef(new CheckoutAttempt());
  const inFlight = useRef<Promise<void> | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<OrderFailedError | null>(null);

  const place = (body: OrderCreateBody): Promise<void> => {
    if (inFlight.current) return inFlight.current;
    const key = attempt.current.keyFor(body);
    setSending(true);
    setFailure(null);
    inFlight.current = createOrder(body, key)
      .then(
        (order) => {
          attempt.current.settle();
          recordPlacedOrder(order);
          onPlaced(order);
        },
        (error: unknown) => {
          const failed = error instanceof OrderFailedError ? error : new OrderFailedError(String(error), null);
          // A 4xx says no order was made; after no answer or a 5xx it may have been, so the key stays for the retry.
          if (failed.status !== null && failed.status < 500) attempt.current.settle();
          setFailure(failed);
          setSending(false);
        },
      )
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  };

  return { place, sending, failure };
}
