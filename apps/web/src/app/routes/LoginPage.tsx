import { useEffect, useState } from 'react';
import { captureJoinCodes, joinStoredBusiness, takeJoinLanding, takeJoinOutcome } from '../../features/business/join-codes.ts';
import { useToast } from '../../components/ui/useToast.ts';
import { PageLoading } from './PageLoading.tsx';
import { PageTitle } from './PageTitle.tsx';
import { loginTitle } from '../page-meta.ts';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { getSession } from '../../features/session/session-store.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { AuthPanel, type AuthTab } from '../../features/auth/components/AuthPanel.tsx';
import { safeNextPath } from '../../features/auth/redirects.ts';
import './auth-page.css';

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';

const BENEFITS = [
  { title: 'Track your footprint', body: 'See the carbon of what you buy and how much you have offset.', icon: 'M4 18h16M7 15v-4M12 15V7M17 15v-6' },
  { title: 'Verified projects only', body: 'Every offset is backed by a recognised standard and a public registry.', icon: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3Zm-3 9 2 2 4-4' },
  { title: 'Earn by sharing', body: 'Invite friends with your referral link and earn on their orders.', icon: 'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5 7c.6-2.5 2.6-4 5-4s4.4 1.5 5 4m1-4.5c.6-.3 1.3-.5 2-.5 2.4 0 4.4 1.5 5 4' },
] as const;

/**
 * /login: Log in and Create account tabs (?tab=register selects the second). Forced logout lands
 * here with ?loggedIn=false (spec §4), which shows why. After login the person goes back to
 * ?next= or the page that sent them here, else home.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const from = (location.state as { from?: string } | null)?.from;
  const next = safeNextPath(params.get('next')) ?? safeNextPath(from);
  const sessionEnded = params.get('loggedIn') === 'false';
  // Someone already signed in who opens /login goes on; signing in *here* is handled by
  // onSignedIn and the verification popup (which waits 1 s before redirecting, spec §4).
  const [signedInOnArrival] = useState(() => getSession().isLoggedIn);
  // Join links (spec §4) point here: `/login?JoinBusinessCode=CODE` stores the code for the sign-in.
  const [joinCodeInLink] = useState(() => captureJoinCodes(location.search));
  const toast = useToast();
  const tellJoinOutcome = () => {
    const outcome = takeJoinOutcome();
    // About the page the person lands on next.
    if (outcome?.problem) toast.error(outcome.problem, { carry: true });
    else if (outcome?.landing) toast.success('You joined the business', { carry: true });
  };
  const joiningNow = signedInOnArrival && !sessionEnded && joinCodeInLink;
  useEffect(() => {
    // Already signed in and opening a join link: join at once instead of waiting for the next sign-in.
    if (!joiningNow) return;
    void joinStoredBusiness().then(() => {
      tellJoinOutcome();
      navigate(takeJoinLanding() ?? next ?? '/', { replace: true });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const changeTab = (value: AuthTab) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (value === 'register') updated.set('tab', 'register');
        else updated.delete('tab');
        return updated;
      },
      { replace: true, state: location.state, preventScrollReset: true },
    );

  if (joiningNow) return <PageLoading />;
  if (signedInOnArrival && !sessionEnded) return <Navigate to={next ?? '/'} replace />;

  const title = tab === 'register' ? 'Create your account' : 'Welcome back';
  return (
    <div className="container auth-page">
      <PageTitle title={loginTitle(tab)} />
      <section className="auth-card" aria-labelledby="auth-title">
        <header className="auth-card__header">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__lead">
            {tab === 'register'
              ? 'Join Carbonwise to offset your footprint and shop sustainable goods.'
              : 'Log in to check out, follow your orders and see your carbon savings.'}
          </p>
        </header>
        {sessionEnded && (
          <div className="auth-card__notice">
            <FormAlert variant="info">{SESSION_ENDED_NOTICE}</FormAlert>
          </div>
        )}
        <AuthPanel tab={tab} onTabChange={changeTab} initialEmail={params.get('email') ?? ''} next={next} onSignedIn={() => {
            // A stored join code (spec §4) is used now, once; the person lands on the page for their role.
            void joinStoredBusiness().then(() => {
              tellJoinOutcome();
              navigate(takeJoinLanding() ?? next ?? '/', { replace: true });
            });
          }} />
      </section>
      <ul className="auth-aside" aria-label="Why create an account">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="auth-aside__item">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={benefit.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <div>
              <p className="auth-aside__title">{benefit.title}</p>
              <p className="auth-aside__body">{benefit.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
