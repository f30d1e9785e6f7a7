import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useJoinedBusiness, useMyBusiness } from '../api.ts';
import { BusinessForm } from '../components/BusinessForm.tsx';
import { JoinCodes } from '../components/JoinCodes.tsx';
import { JoinWithCode } from '../components/JoinWithCode.tsx';
import { MembersPanel } from '../components/MembersPanel.tsx';
import { MembershipCard } from '../components/MembershipCard.tsx';
import { SlugEditor } from '../components/SlugEditor.tsx';
import { Suspense, lazy } from 'react';
import { useJoinOnArrival } from '../use-join-on-arrival.ts';
import '../business.css';

const PATH = '/other/my-business-account';

// The order list and its graphs (recharts) load with this section, not with the page's entry.
const BusinessOrders = lazy(() => import('../components/BusinessOrders.tsx'));
// The events panel (create with an image, attendees, the live footprint view) loads the same way.
const BusinessEventsPanel = lazy(() => import('../../events/components/BusinessEventsPanel.tsx').then((m) => ({ default: m.BusinessEventsPanel })));
// The shop-page editor (product picker, image uploads) loads the same way.
const ShopPageEditor = lazy(() => import('../../shop-pages/components/ShopPageEditor.tsx').then((m) => ({ default: m.ShopPageEditor })));
// The carbon roll-up (its own charts and the spend form) loads the same way.
const BusinessCarbonPanel = lazy(() => import('../../business-carbon/components/BusinessCarbonPanel.tsx').then((m) => ({ default: m.BusinessCarbonPanel })));

/**
 * /other/my-business-account (spec §2): the owner's business (profile, join codes, members,
 * orders); for a supplier or distributor who joined another business, that business; otherwise
 * the form that creates one.
 */
export function MyBusinessAccountPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMyBusiness(userId);
  const joined = useJoinedBusiness(userId);

  const joining = useJoinOnArrival(isLoggedIn);

  // The address may carry a join code (a verification email opened elsewhere): kept through the sign-in.
  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH + (typeof window === 'undefined' ? '' : window.location.search) })} replace />;

  let body;
  if (joining || mine.isPending || (mine.data === null && joined.isPending)) {
    body = (
      <div aria-busy="true" className="business-stack">
        <p className="visually-hidden" role="status">
          Loading your business account
        </p>
        <Skeleton height={180} radius="var(--radius-md)" />
        <Skeleton height={120} radius="var(--radius-md)" />
      </div>
    );
  } else if (mine.isError) {
    body = (
      <div className="business-alert" role="alert">
        <p>{mine.error.message}</p>
        <Button variant="secondary" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (mine.data) {
    const business = mine.data;
    body = (
      <div className="business-stack">
        <header className="business-hero">
          <div>
            <p className="business-eyebrow">Business account</p>
            <h1 className="business-page__title">{business.name}</h1>
            <p className="business-muted">
              Public code <code>{business.businessCode}</code> · {business.buyerprofiles.length} active {business.buyerprofiles.length === 1 ? 'member' : 'members'} ·{' '}
              <Link to={`/business/${business.businessSlug}`}>Public page</Link>
            </p>
          </div>
        </header>
        <JoinCodes business={business} />
        <MembersPanel businessId={business.id} />
        <Suspense fallback={<Skeleton height={160} radius="var(--radius-md)" />}>
          <BusinessEventsPanel businessCode={business.businessCode} />
        </Suspense>
        <Suspense fallback={<Skeleton height={160} radius="var(--radius-md)" />}>
          <ShopPageEditor businessId={business.id} businessCode={business.businessCode} />
        </Suspense>
        <Suspense fallback={<Skeleton height={160} radius="var(--radius-md)" />}>
          <BusinessCarbonPanel businessCode={business.businessCode} />
        </Suspense>
        <Suspense fallback={<Skeleton height={160} radius="var(--radius-md)" />}>
          <BusinessOrders businessCode={business.businessCode} />
        </Suspense>
        <BusinessForm key={business.updatedAt} business={business} />
        <section className="business-card" aria-label="Address name">
          <SlugEditor key={business.businessSlug} business={business} />
        </section>
      </div>
    );
  } else {
    body = (
      <div className="business-stack">
        <header>
          <h1 className="business-page__title">Your business account</h1>
          <p className="business-muted">Run your company's sustainability on Carbonwise: invite your team, suppliers and distributors, and buy offsets for the business.</p>
        </header>
        {joined.data && (
          <>
            <MembershipCard membership={joined.data} />
            {joined.data.role === 'employee' && (
              <p className="business-muted">
                See it on your <Link to="/other/my-employer-account">employer page</Link>.
              </p>
            )}
          </>
        )}
        {!joined.data && <JoinWithCode title="Supplying or selling for a business? Join with its code" />}
        <BusinessForm business={null} />
      </div>
    );
  }

  return (
    <div className="container business-page">
      <PageTitle title="Business account — Carbonwise" />
      <nav aria-label="Breadcrumb" className="business-muted business-breadcrumb">
        <Link to="/account">Your account</Link> / Business account
      </nav>
      {body}
    </div>
  );
}
