import { useState } from 'react';
import { Link } from 'react-router';
import type { BusinessEvent, EventStats } from '@app/contract/events';
import { eventPagePath } from '@app/contract/events-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useBusinessEvents, useEventStats } from '../api.ts';
import { formatKg } from '../footprint-inputs.ts';
import { EventImage, formatDates } from './EventDetails.tsx';
import { EventForm } from './EventForm.tsx';
import { EventLiveView } from './EventLiveView.tsx';
import '../events.css';

const PAGE_SIZE = 10;

function EventRow({ event, stats, onEdit, open, onToggle }: { event: BusinessEvent; stats: EventStats | undefined; onEdit: () => void; open: boolean; onToggle: () => void }) {
  const toast = useToast();
  const link = typeof window === 'undefined' ? eventPagePath(event.conferanceCode) : `${window.location.origin}${eventPagePath(event.conferanceCode)}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Event link copied');
    } catch {
      toast.error('Copy the link by hand: ' + link);
    }
  }
  return (
    <li className="ev-row" data-testid="event-row">
      <div className="ev-row__main">
        <EventImage event={event} size="small" />
        <div className="ev-row__text">
          <h4 className="ev-row__name">
            <Link to={eventPagePath(event.conferanceCode)}>{event.name}</Link>
          </h4>
          <p className="ev-muted">
            {formatDates(event)}
            {event.location ? ` · ${event.location}` : ''}
          </p>
          <p className="ev-muted">
            Conference code <code data-testid="conferance-code">{event.conferanceCode}</code>
          </p>
          <p className="ev-muted">
            {stats?.attendeeCount ?? event.attendeeCount} joined{event.expectedAttendees ? ` of ${event.expectedAttendees} expected` : ''}
            {stats ? ` · ${stats.footprintCount} ${stats.footprintCount === 1 ? 'footprint' : 'footprints'} · ${formatKg(stats.totalKg)}` : ''}
          </p>
        </div>
      </div>
      <div className="ev-row__actions">
        <Button size="sm" variant={open ? 'primary' : 'secondary'} aria-expanded={open} onClick={onToggle}>
          {open ? 'Hide live footprint' : 'Live footprint'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${event.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label={`Copy the link to ${event.name}`}>
          Copy link
        </Button>
      </div>
      {open && (
        <div className="ev-row__live">
          <EventLiveView eventId={event.id} />
        </div>
      )}
    </li>
  );
}

/**
 * The owner's events on the business page (an open live view keeps the row's figures current): the list with each event's figures, creating one
 * (with an image), editing, and the live footprint of an event with its attendees.
 */
export function BusinessEventsPanel({ businessCode }: { businessCode: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BusinessEvent | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const events = useBusinessEvents(businessCode, page, PAGE_SIZE);
  const stats = useEventStats(businessCode);
  const statsById = new Map((stats.data ?? []).map((row) => [row.event.id, row]));

  let list;
  if (events.isPending) list = <Skeleton height={120} radius="var(--radius-md)" />;
  else if (events.isError)
    list = (
      <div className="ev-alert" role="alert">
        <p>{events.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (events.data.events.length === 0)
    list = (
      <p className="ev-muted" data-testid="no-events">
        No events yet. Create one to get a conference code that attendees use to join and record their footprint.
      </p>
    );
  else {
    const pages = Math.max(1, Math.ceil(events.data.total / events.data.size));
    list = (
      <>
        <ul className="ev-list">
          {events.data.events.map((event) => (
            <EventRow key={event.id} event={event} stats={statsById.get(event.id)} open={openId === event.id} onToggle={() => setOpenId(openId === event.id ? null : event.id)} onEdit={() => setEditing(event)} />
          ))}
        </ul>
        <Pager page={page} pages={pages} onPage={setPage} label="Event pages" className="ev-pager" statusClassName="ev-muted" />
      </>
    );
  }

  return (
    <section className="ev-card" aria-labelledby="business-events-title" data-testid="business-events">
      <div className="ev-card__head">
        <div>
          <h2 className="ev-card__title" id="business-events-title">
            Events
          </h2>
          <p className="ev-muted">Conferences and gatherings of your business, and the footprint their attendees record.</p>
        </div>
        {editing === null && <Button onClick={() => setEditing('new')}>New event</Button>}
      </div>
      {editing !== null && (
        <div className="ev-form-box">
          <h3 className="ev-subtitle">{editing === 'new' ? 'New event' : `Edit ${editing.name}`}</h3>
          <EventForm
            key={editing === 'new' ? 'new' : editing.id}
            event={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setPage(1);
            }}
          />
        </div>
      )}
      {list}
    </section>
  );
}
