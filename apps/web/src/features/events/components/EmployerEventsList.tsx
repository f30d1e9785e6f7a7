import { useState } from 'react';
import { Link } from 'react-router';
import { eventPagePath } from '@app/contract/events-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId } from '../../business/api.ts';
import { useBusinessEvents, useMemberFootprints } from '../api.ts';
import { formatKg } from '../footprint-inputs.ts';
import { EventImage, formatDates } from './EventDetails.tsx';
import '../events.css';

const PAGE_SIZE = 10;

/** The events of the business a member works for, each linking to its page (join it, record a footprint). */
export function EmployerEventsList({ businessCode }: { businessCode: string }) {
  const [page, setPage] = useState(1);
  const events = useBusinessEvents(businessCode, page, PAGE_SIZE);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMemberFootprints(userId);
  const myKg = new Map((mine.data ?? []).filter((row) => row.event).map((row) => [row.event!._id, row.totalKg]));

  let body;
  if (events.isPending) body = <Skeleton height={100} radius="var(--radius-md)" />;
  else if (events.isError)
    body = (
      <div className="ev-alert" role="alert">
        <p>{events.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (events.data.events.length === 0) body = <p className="ev-muted">Your employer has no events yet. When it creates one, you will find it here.</p>;
  else {
    const pages = Math.max(1, Math.ceil(events.data.total / events.data.size));
    body = (
      <>
        <ul className="ev-list">
          {events.data.events.map((event) => (
            <li key={event.id} className="ev-row" data-testid="employer-event">
              <div className="ev-row__main">
                <EventImage event={event} size="small" />
                <div className="ev-row__text">
                  <h3 className="ev-row__name">
                    <Link to={eventPagePath(event.conferanceCode)}>{event.name}</Link>
                  </h3>
                  <p className="ev-muted">
                    {formatDates(event)}
                    {event.location ? ` · ${event.location}` : ''}
                  </p>
                  <p className="ev-muted">
                    Code <code>{event.conferanceCode}</code> · {event.attendeeCount} joined
                  </p>
                  {mine.data && (
                    <p className="ev-muted" data-testid="employer-event-mine">
                      {myKg.has(event.id) ? `Your footprint: ${formatKg(myKg.get(event.id)!)}` : 'You have not recorded a footprint for it yet'}
                    </p>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
        <Pager page={page} pages={pages} onPage={setPage} label="Event pages" className="ev-pager" statusClassName="ev-muted" />
      </>
    );
  }

  return (
    <section className="ev-card" aria-labelledby="employer-events-title" data-testid="employer-events">
      <div>
        <h2 className="ev-card__title" id="employer-events-title">
          Your employer's events
        </h2>
        <p className="ev-muted">Open an event to join it and record your footprint for it.</p>
      </div>
      {body}
    </section>
  );
}
