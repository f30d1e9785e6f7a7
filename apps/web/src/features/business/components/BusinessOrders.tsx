import { useState } from 'react';
import { OrderGraphs } from '../../orders/components/OrderGraphs.tsx';
import { OrderHistory } from '../../orders/components/OrderHistory.tsx';
import '../../orders/components/orders.css';

/** The business's orders (its owner's view), ten a page, with spend and tonnes over time. */
export default function BusinessOrders({ businessCode }: { businessCode: string }) {
  const [page, setPage] = useState(1);
  return (
    <section className="business-card" aria-labelledby="business-orders-title">
      <h2 id="business-orders-title" className="business-card__title">
        Business orders
      </h2>
      <p className="business-muted">Orders placed for the business by you and your members.</p>
      <OrderHistory page={page} onPage={setPage} businessCode={businessCode} />
      <OrderGraphs businessCode={businessCode} />
    </section>
  );
}
