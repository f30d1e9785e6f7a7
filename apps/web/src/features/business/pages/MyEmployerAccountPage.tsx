import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useJoinedBusiness } from '../api.ts';
import { JoinWithCode } from '../components/JoinWithCode.tsx';
import { MembershipCard } from '../components/MembershipCard.tsx';
import { useJoinOnArrival } from '../use-join-on-arrival.ts';
import { EmployerEventsList } from '../../events/components/EmployerEventsList.tsx';
import { Suspense, lazy } from 'react';
import '../business.css';

// The emissions report (members the owner allowed) or just the member's own sharing choice, loaded with this part.
const BusinessReportPanel = lazy(() => import('../../business-carbon/components/BusinessReportPanel.tsx').then((m) => ({ default: m.BusinessReportPanel })));
const ReportSharingCard = lazy(() => import('../../business-carbon/components/ReportSharingToggle.tsx').then((m) => ({ default: m.ReportSharingCard })));

const PATH = '/other/my-employer-account';

/** /other/my-employer-account (spec §2, §4): the business the person joined as an employee, and leaving it. */
export function MyEmployerAccountPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const joined = useJoinedBusiness(userId);

  const joining = useJoinOnArrival(isLoggedIn);

  // The address may carry a join code (a verification email opened elsewhere): kept through the sign-in.
  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH + (typeof window === 'undefined' ? '' : window.location.search) })} replace />;

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
      <>
        <div className="business-card business-empty" data-testid="no-employer">
          <h2 className="business-card__title">You have not joined a business</h2>
          <p className="business-muted">Ask your employer for their join link or join code. Opening the link adds you to the business, after you sign in or create an account.</p>
        </div>
        <JoinWithCode title="Join your employer" />
        <p className="business-muted">
          Running a business yourself? <Link to="/other/my-business-account">Create a business account</Link>.
        </p>
      </>
    );
  else
    body = (
      <>
        <MembershipCard membership={joined.data} />
        <EmployerEventsList businessCode={joined.data.businessId.businessCode} />
        <Suspense fallback={<Skeleton height={120} radius="var(--radius-md)" />}>
          {joined.data.reportAccess ? <BusinessReportPanel businessCode={joined.data.businessId.businessCode} /> : <ReportSharingCard businessCode={joined.data.businessId.businessCode} />}
        </Suspense>
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
