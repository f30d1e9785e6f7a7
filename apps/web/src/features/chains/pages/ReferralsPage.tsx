import { Link, Navigate } from 'react-router';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { EarningLogs } from '../components/EarningLogs.tsx';
import { ReferralLinkCard } from '../components/ReferralLinkCard.tsx';
import { ReferralStats } from '../components/ReferralStats.tsx';
import '../chains.css';

const PATH = '/account/referrals';

/** /account/referrals: the referral link, figures by period and the earnings, page by page. */
export function ReferralsPage() {
  const session = useSession();
  const userId = session.user?._id ?? (typeof localStorage === 'undefined' ? undefined : (localStorage.getItem('userId') ?? undefined));
  if (!session.isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;
  return (
    <div className="container chain-page">
      <PageTitle title="Referrals — Carbonwise" />
      <nav aria-label="Breadcrumb" className="chain-muted chain-breadcrumb">
        <Link to="/account">Your account</Link> / Referrals
      </nav>
      <h1 className="chain-page__title">Referrals</h1>
      <p className="chain-muted chain-page__lead">
        Invite people with your link and earn on their paid orders. <Link to="/account/network">See your network</Link>
      </p>
      <div className="chain-stack">
        <ReferralLinkCard />
        <ReferralStats />
        {userId && <EarningLogs userId={userId} />}
      </div>
    </div>
  );
}
