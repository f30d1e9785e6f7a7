import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { EARNING_LOGS_PAGE_SIZE, useEarningLogs } from '../api.ts';
import { money } from './ReferralStats.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** GET v1/referral-user-earning-logs/user/{userId}: one row per paid order of someone you referred, ten a page. */
export function EarningLogs({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const logs = useEarningLogs(userId, page);
  const pages = logs.data ? Math.max(1, Math.ceil(logs.data.total / EARNING_LOGS_PAGE_SIZE)) : 1;

  let body;
  if (logs.isPending) body = <Skeleton height={120} radius="var(--radius-md)" />;
  else if (logs.isError)
    body = (
      <div className="chain-alert" role="alert">
        <p>{logs.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void logs.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (logs.data.total === 0) body = <p className="chain-muted">No earnings yet. When someone you referred pays for an order, your share shows here.</p>;
  else
    body = (
      <>
        <div className="chain-table-wrap">
          <table className="chain-table" data-testid="earning-logs">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col" className="chain-table__num">
                  You earned
                </th>
              </tr>
            </thead>
            <tbody>
              {logs.data.logs.map((log) => (
                <tr key={log._id}>
                  <td>{formatDate(log.createdAt)}</td>
                  <td>{log.orderNumber ?? '—'}</td>
                  <td>{log.referredUser ?? 'Former customer'}</td>
                  <td className="chain-table__num">{money(log.amountMinor, log.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <nav className="chain-pager" aria-label="Earning pages">
            <Button variant="secondary" size="sm" disabled={page <= 1 || logs.isFetching} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="chain-muted" aria-live="polite">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages || logs.isFetching} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </nav>
        )}
      </>
    );

  return (
    <section className="chain-card" aria-labelledby="logs-title">
      <h2 id="logs-title" className="chain-card__title">
        Earnings
      </h2>
      {body}
    </section>
  );
}
