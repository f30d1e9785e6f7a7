import { Link, Navigate, useSearchParams } from 'react-router';
import type { OwnBusiness } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
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
import { Suspense, lazy, type ReactNode } from 'react';
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
// The emissions report (figures, then its recharts charts in their own chunk) loads the same way.
const BusinessReportPanel = lazy(() => import('../../business-carbon/components/BusinessReportPanel.tsx').then((m) => ({ default: m.BusinessReportPanel })));

/**
 * The dashboard's sections, one at a time (issue 26: on a phone the page was one 4,700-px
 * column). The chosen one is in the address (`?section=events`), so a link or a reload keeps it.
 */
const SECTIONS = [
  { value: 'team', label: 'Team' },
  { value: 'events', label: 'Events' },
  { value: 'shop', label: 'Shop page' },
  { value: 'carbon', label: 'Carbon' },
  { value: 'report', label: 'Report' },
  { value: 'orders', label: 'Orders' },
  { value: 'profile', label: 'Profile' },
] as const;
type DashboardSection = (typeof SECTIONS)[number]['value'];

function parseSection(value: string | null): DashboardSection {
  return SECTIONS.find((entry) => entry.value === value)?.value ?? 'team';
}

const loading = <Skeleton height={160} radius="var(--radius-md)" />;

function sections(business: OwnBusiness) {
  const content: Record<DashboardSection, ReactNode> = {
    team: (
      <div className="business-stack">
        <JoinCodes business={business} />
        <MembersPanel businessId={business.id} />
      </div>
    ),
    events: (
      <Suspense fallback={loading}>
        <BusinessEventsPanel businessCode={business.businessCode} />
      </Suspense>
    ),
    shop: (
      <Suspense fallback={loading}>
        <ShopPageEditor businessId={business.id} businessCode={business.businessCode} />
      </Suspense>
    ),
    carbon: (
      <Suspense fallback={loading}>
        <BusinessCarbonPanel businessCode={business.businessCode} />
      </Suspense>
    ),
    report: (
      <Suspense fallback={loading}>
        <BusinessReportPanel businessCode={business.businessCode} canEditSpend />
      </Suspense>
    ),
    orders: (
      <Suspense fallback={loading}>
        <BusinessOrders businessCode={business.businessCode} />
      </Suspense>
    ),
    profile: (
      <div className="business-stack">
        <BusinessForm key={business.updatedAt} business={business} />
        <section className="business-card" aria-label="Address name">
          <SlugEditor key={business.businessSlug} business={business} />
        </section>
      </div>
    ),
  };
  return SECTIONS.map((entry) => ({ ...entry, content: content[entry.value] }));
}

/**
 * /other/my-business-account (spec §2): the owner's business (profile, join codes, members,
 * orders); for a supplier or distributor who joined another business, that business; otherwise
 * the form that creates one.
 */
export function MyBusinessAccountPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const [params, setParams] = useSearchParams();
  const section = parseSection(params.get('section'));
  const setSection = (next: DashboardSection) => {
    const updated = new URLSearchParams(params);
    if (next === 'team') updated.delete('section');
    else updated.set('section', next);
    setParams(updated, { replace: true });
  };
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
        <Tabs<DashboardSection> label="Business account sections" layout="scroll" items={sections(business)} value={section} onChange={setSection} />
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
