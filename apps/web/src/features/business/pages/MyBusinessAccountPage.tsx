import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { OrderGraphs } from '../../orders/components/OrderGraphs.tsx';
import { OrderHistory } from '../../orders/components/OrderHistory.tsx';
import { useSession } from '../../session/session-store.ts';
import { useJoinedBusiness, useMyBusiness } from '../api.ts';
import { BusinessForm } from '../components/BusinessForm.tsx';
import { JoinCodes } from '../components/JoinCodes.tsx';
import { MembersPanel } from '../components/MembersPanel.tsx';
import { MembershipCard } from '../components/MembershipCard.tsx';
import { SlugEditor } from '../components/SlugEditor.tsx';
import { useState } from 'react';
import '../../orders/components/orders.css';
import '../business.css';

const PATH = '/other/my-business-account';

function BusinessOrders({ businessCode }: { businessCode: string }) {
  const [page, setPage] = useState(1);
  return (
    <section className="business-card" aria-labelledby="business-orders-title">
      <h2 id="business-orders-title" className="business-card__title">
        Business orders
      </h2>
      <p className="business-muted">Orders placed for the business by you and your members.</p>
      <OrderHistory page={page} onPage={setPage} businessCode={businessCode} />
      <OrderGraphs businessCode={businessCode} />
    </section>
  );
}

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

  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;

  let body;
  if (mine.isPending || (mine.data === null && joined.isPending)) {
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
              Code <code>{business.businessCode}</code> · {business.buyerprofiles.length} active {business.buyerprofiles.length === 1 ? 'member' : 'members'}
            </p>
          </div>
        </header>
        <JoinCodes business={business} />
        <MembersPanel businessId={business.id} />
        {/* EVENTS PANEL: BusinessEventsPanel({ businessCode }) goes here once events are built. */}
        {/* SHOP PAGE EDITOR: ShopPageEditor({ businessId, businessCode }) goes here once shop pages are built. */}
        {/* CARBON PANEL: BusinessCarbonPanel({ businessCode }) goes here once the business roll-up is built. */}
        <BusinessOrders businessCode={business.businessCode} />
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

/** Right after sign-in the session store may not hold the user yet; the stored id is the same person. */
export function readStoredUserId(): string | undefined {
  try {
    return localStorage.getItem('userId') ?? undefined;
  } catch {
    return undefined;
  }
}
