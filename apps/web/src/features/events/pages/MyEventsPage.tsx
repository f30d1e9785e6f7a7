import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { eventPagePath } from '@app/contract/events-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useJoinedBusiness, useMyBusiness } from '../../business/api.ts';
import { BusinessEventsPanel } from '../components/BusinessEventsPanel.tsx';
import { EmployerEventsList } from '../components/EmployerEventsList.tsx';
import '../events.css';

const PATH = '/account/events';
const CODE = /^[A-Za-z0-9-]{3,40}$/;

/** Type a conference code from a slide or an invitation and open the event. */
function OpenByCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = code.trim().toUpperCase();
    if (!CODE.test(clean)) return setError('A conference code uses letters, digits and dashes, like CLIMATESUM-7K2QXH');
    void navigate(eventPagePath(clean));
  }
  return (
    <section className="ev-card" aria-labelledby="open-event-title">
      <h2 className="ev-card__title" id="open-event-title">
        Join an event
      </h2>
      <form className="ev-code-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Conference code</span>
          <input className="field__input" value={code} maxLength={40} autoCapitalize="characters" onChange={(e) => setCode(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'open-event-error' : undefined} />
          {error && (
            <span className="field__error" id="open-event-error" role="alert">
              {error}
            </span>
          )}
        </label>
        <Button type="submit">Open event</Button>
      </form>
    </section>
  );
}

/**
 * /account/events: the events of the person's business (an owner manages them; a member sees
 * their employer's) and a box to open any event by its conference code.
 */
export function MyEventsPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMyBusiness(isLoggedIn ? userId : undefined);
  const joined = useJoinedBusiness(isLoggedIn ? userId : undefined);

  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;

  let body;
  if (mine.isPending || joined.isPending) body = <Skeleton height={160} radius="var(--radius-md)" />;
  else if (mine.data) body = <BusinessEventsPanel businessCode={mine.data.businessCode} />;
  else if (joined.data) body = <EmployerEventsList businessCode={joined.data.businessId.businessCode} />;
  else
    body = (
      <p className="ev-muted">
        Events of a business appear here for its owner and members. <Link to="/other/my-business-account">Create a business account</Link> to run your own.
      </p>
    );

  return (
    <div className="container ev-page">
      <PageTitle title="Events — Carbonwise" />
      <nav aria-label="Breadcrumb" className="ev-muted ev-breadcrumb">
        <Link to="/account">Your account</Link> / Events
      </nav>
      <h1 className="ev-title">Events</h1>
      <div className="ev-stack">
        <OpenByCode />
        {body}
      </div>
    </div>
  );
}
