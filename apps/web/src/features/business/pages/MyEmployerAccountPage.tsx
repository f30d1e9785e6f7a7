import { Link, Navigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useJoinedBusiness } from '../api.ts';
import { MembershipCard } from '../components/MembershipCard.tsx';
import { useJoinOnArrival } from '../use-join-on-arrival.ts';
import { EmployerEventsList } from '../../events/components/EmployerEventsList.tsx';
import '../business.css';

const PATH = '/other/my-employer-account';

/** /other/my-employer-account (spec §2, §4): the business the person joined as an employee, and leaving it. */
export function MyEmployerAccountPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const joined = useJoinedBusiness(userId);

  const joining = useJoinOnArrival(isLoggedIn);

  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;

  let body;
  if (joining || joined.isPending) body = <Skeleton height={200} radius="var(--radius-md)" />;
  else if (joined.isError)
    body = (
      <div className="business-alert" role="alert">
        <p>{joined.error.message}</p>
        <Button variant="secondary" onClick={() => void joined.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!joined.data)
    body = (
      <div className="business-card business-empty" data-testid="no-employer">
        <h2 className="business-card__title">You have not joined a business</h2>
        <p className="business-muted">Ask your employer for their join link or business code. Opening the link while signed in adds you to the business.</p>
        <Link className={buttonClassName('secondary')} to="/other/my-business-account">
          Create a business account instead
        </Link>
      </div>
    );
  else
    body = (
      <>
        <MembershipCard membership={joined.data} />
        <EmployerEventsList businessCode={joined.data.businessId.businessCode} />
      </>
    );

  return (
    <div className="container business-page">
      <PageTitle title="Your employer — Carbonwise" />
      <nav aria-label="Breadcrumb" className="business-muted business-breadcrumb">
        <Link to="/account">Your account</Link> / Employer
      </nav>
      <h1 className="business-page__title">Your employer</h1>
      <div className="business-stack">{body}</div>
    </div>
  );
}
