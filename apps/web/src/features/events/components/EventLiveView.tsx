import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventStats } from '@app/contract/events';
import { EVENT_LIVE_REFRESH_MS } from '@app/contract/events-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { eventKeys, useEventLive } from '../api.ts';
import { formatKg } from '../footprint-inputs.ts';
import { formatDate, formatTime } from '../../../lib/dates.ts';

const PARTS = [
  ['travel', 'Travel'],
  ['accommodation', 'Hotels'],
  ['catering', 'Meals'],
] as const;

/**
 * The owner's live footprint of one event: total, per attendee, by component, and every attendee
 * with their own figure. It asks the server again every few seconds (TanStack Query
 * refetchInterval) while the tab is visible, so footprints appear as attendees submit them.
 */
export function EventLiveView({ eventId }: { eventId: string }) {
  const live = useEventLive(eventId);
  const client = useQueryClient();
  // The event list beside this view shows the same figures: each fresh answer is written into it.
  useEffect(() => {
    const data = live.data;
    if (!data) return;
    const { attendees: _attendees, truncated: _truncated, refreshedAt: _refreshedAt, ...figures } = data;
    client.setQueryData<EventStats[]>(eventKeys.stats(data.event.businessCode), (rows) => rows?.map((row) => (row.event.id === data.event.id ? figures : row)));
  }, [live.data, client]);
  if (live.isPending) return <Skeleton height={220} radius="var(--radius-md)" />;
  if (live.isError)
    return (
      <div className="ev-alert" role="alert">
        <p>{live.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void live.refetch()}>
          Try again
        </Button>
      </div>
    );
  const data = live.data;
  const total = data.totalKg;
  return (
    <div className="ev-live" data-testid="event-live">
      <p className="ev-muted ev-live__status">
        <span className="ev-live__dot" aria-hidden="true" /> Live: refreshes every {EVENT_LIVE_REFRESH_MS / 1000} seconds · updated {formatTime(data.refreshedAt)}
      </p>
      <dl className="ev-figures">
        <div>
          <dt>Total footprint</dt>
          <dd data-testid="live-total">{formatKg(total)}</dd>
        </div>
        <div>
          <dt>Per attendee</dt>
          <dd>{formatKg(data.perAttendeeKg)}</dd>
        </div>
        <div>
          <dt>Footprints recorded</dt>
          <dd>{data.footprintCount}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{data.attendeeCount}</dd>
        </div>
      </dl>
      <ul className="ev-bars" aria-label="By component">
        {PARTS.map(([key, label]) => {
          const value = data.breakdown[key];
          const share = total > 0 ? Math.round((value / total) * 100) : 0;
          return (
            <li key={key} className="ev-bars__row">
              <span className="ev-bars__label">{label}</span>
              <span className="ev-bars__track" aria-hidden="true">
                <span className="ev-bars__fill" style={{ width: `${share}%` }} />
              </span>
              <span className="ev-bars__value">
                {formatKg(value)} <span className="ev-muted">({share}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
      <h4 className="ev-subtitle">Attendees</h4>
      {data.attendees.length === 0 ? (
        <p className="ev-muted">Nobody has joined or recorded a footprint yet. Share the conference code or the event link.</p>
      ) : (
        <div className="ev-table-wrap">
          <table className="ev-table">
            <thead>
              <tr>
                <th scope="col">Attendee</th>
                <th scope="col">Joined</th>
                <th scope="col" className="ev-num">
                  Footprint
                </th>
              </tr>
            </thead>
            <tbody>
              {data.attendees.map((person) => (
                <tr key={person.email} data-testid="live-attendee">
                  <td>
                    <span className="ev-strong">{person.name || person.email}</span>
                    {person.name && <span className="ev-muted ev-block">{person.email}</span>}
                  </td>
                  <td>{person.joinedAt ? formatDate(person.joinedAt) : <span className="ev-muted">Visitor</span>}</td>
                  <td className="ev-num">{person.footprint ? formatKg(person.footprint.totalKg) : <span className="ev-muted">Not yet</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.truncated && <p className="ev-muted">Showing the latest {data.attendees.length}; the figures above count everyone.</p>}
    </div>
  );
}
