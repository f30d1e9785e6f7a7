import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId } from '../../business/api.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { setCartEventTie } from '../../cart/event-tie.ts';
import { EventCallError, useEventByCode, useJoinEvent, useMyEventFootprint } from '../api.ts';
import { EventImage, formatDates } from '../components/EventDetails.tsx';
import { FootprintForm } from '../components/FootprintForm.tsx';
import '../events.css';

/**
 * /events/:code (spec §1: visitors join events by a conference code): the event, a join button
 * for signed-in people, and the form that records the reader's own footprint for it.
 */
export function EventPage() {
  const { code = '' } = useParams();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? (isLoggedIn ? readStoredUserId() : undefined);
  const event = useEventByCode(code);
  const mine = useMyEventFootprint(code, isLoggedIn ? userId : undefined);
  const join = useJoinEvent();
  const toast = useToast();

  const navigate = useNavigate();
  const countryName = useCountryName();
  const [tying, setTying] = useState(false);
  // Viewing an event stores nothing: the cart is tied only by this explicit action (issue 26).
  async function buyForEvent(conferanceCode: string) {
    setTying(true);
    try {
      await setCartEventTie(conferanceCode, isLoggedIn);
      toast.success(`Your cart is now for ${event.data?.name ?? conferanceCode}: add the offsets to buy for it.`, { carry: true });
      void navigate('/products?kind=offset', { state: { eventTie: conferanceCode } });
    } catch (error) {
      toast.error((error as Error).message);
      setTying(false);
    }
  }

  let body;
  if (event.isPending) {
    body = (
      <div aria-busy="true" className="ev-stack">
        <p className="visually-hidden" role="status">
          Loading the event
        </p>
        <Skeleton height={320} radius="var(--radius-md)" />
        <Skeleton height={160} radius="var(--radius-md)" />
      </div>
    );
  } else if (event.isError) {
    const missing = event.error instanceof EventCallError && event.error.status === 404;
    body = (
      <div className="ev-card" role="alert" data-testid="event-missing">
        <h1 className="ev-title">{missing ? 'We could not find this event' : 'The event could not be loaded'}</h1>
        <p className="ev-muted">{missing ? 'Check the conference code on the slide or in the invitation and try again.' : event.error.message}</p>
        {!missing && (
          <Button variant="secondary" onClick={() => void event.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  } else {
    const e = event.data;
    const next = `/events/${encodeURIComponent(e.conferanceCode)}`;
    const existing = mine.data ? { totalKg: mine.data.totalKg, breakdown: mine.data.breakdown, updatedAt: mine.data.createdAt } : null;
    async function joinEvent() {
      try {
        const answer = await join.mutateAsync(e.conferanceCode);
        toast.success(answer.message ?? 'You joined the event');
      } catch (error) {
        toast.error((error as Error).message);
      }
    }
    body = (
      <div className="ev-stack">
        <article className="ev-card ev-hero">
          <EventImage event={e} />
          <div className="ev-hero__text">
            <p className="ev-eyebrow">Event by {e.businessName}</p>
            <h1 className="ev-title">{e.name}</h1>
            <dl className="ev-facts">
              <div>
                <dt>When</dt>
                <dd>{formatDates(e)}</dd>
              </div>
              {(e.location || e.country) && (
                <div>
                  <dt>Where</dt>
                  <dd>{[e.location, countryName(e.country)].filter(Boolean).join(', ')}</dd>
                </div>
              )}
              <div>
                <dt>Conference code</dt>
                <dd>
                  <code>{e.conferanceCode}</code>
                </dd>
              </div>
              <div>
                <dt>Attending</dt>
                <dd data-testid="attendee-count">
                  {e.attendeeCount}
                  {e.expectedAttendees ? ` of ${e.expectedAttendees} expected` : ''}
                </dd>
              </div>
            </dl>
            {e.description && <p className="ev-description">{e.description}</p>}
            <div className="ev-actions">
              {!isLoggedIn ? (
                <Link className={buttonClassName('primary')} to={loginPath({ next })}>
                  Sign in to join
                </Link>
              ) : e.joined ? (
                <p className="ev-joined" data-testid="joined">
                  ✓ You are attending
                </p>
              ) : (
                <Button onClick={() => void joinEvent()} loading={join.isPending}>
                  Join this event
                </Button>
              )}
              <Button variant="secondary" onClick={() => void buyForEvent(e.conferanceCode)} loading={tying} data-testid="buy-for-event">
                Buy for this event
              </Button>
            </div>
            <p className="ev-muted ev-buy-note">“Buy for this event” ties your cart to {e.name}: its offset certificates name the event. You can remove the tie at checkout.</p>
          </div>
        </article>

        <section className="ev-card" aria-labelledby="ev-footprint-title">
          <div>
            <h2 className="ev-card__title" id="ev-footprint-title">
              Your footprint for this event
            </h2>
            <p className="ev-muted">
              Your journeys, hotel nights and meals, worked out with the event calculator (kg CO2e). {isLoggedIn ? 'It is recorded under your account.' : 'Give your email so the organiser can count it; signing in keeps it with your account.'}
            </p>
          </div>
          {isLoggedIn && userId && mine.isPending ? <Skeleton height={120} radius="var(--radius-md)" /> : <FootprintForm conferanceCode={e.conferanceCode} signedIn={isLoggedIn} existing={existing} />}
        </section>
      </div>
    );
  }

  return (
    <div className="container ev-page">
      <PageTitle title={event.data ? `${event.data.name} — Carbonwise` : 'Event — Carbonwise'} />
      {body}
    </div>
  );
}
