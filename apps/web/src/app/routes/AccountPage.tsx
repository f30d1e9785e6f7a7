import { Link, Navigate } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { ACCOUNT_SECTIONS, AccountView } from '../../features/account/components/AccountView.tsx';
import { loginPath } from '../../features/auth/redirects.ts';
import { useSession } from '../../features/session/session-store.ts';

/** /account: signed-in only; a visitor is sent to log in and brought back here afterwards. */
export function AccountPage() {
  const session = useSession();
  if (!session.isLoggedIn) return <Navigate to={loginPath({ next: '/account' })} replace />;
  const name = session.user ? `${session.user.firstName} ${session.user.lastName}`.trim() : null;
  return (
    <div className="container account-page">
      <title>Your account — Carbonwise</title>
      <header className="account-page__header">
        <h1 className="account-page__title">Your account</h1>
        <p className="account-page__lead">{name ? `${name} · ${session.email}` : session.email}</p>
        <div className="account-page__links">
          <Link className={buttonClassName('secondary', 'sm')} to="/account/orders">
            Your orders
          </Link>
          <Link className={buttonClassName('secondary', 'sm')} to="/account/network">
            Your network
          </Link>
          <Link className={buttonClassName('secondary', 'sm')} to="/account/referrals">
            Referrals
          </Link>
        </div>
      </header>
      <nav className="account-nav" aria-label="Account sections">
        <ul className="account-nav__list">
          {ACCOUNT_SECTIONS.map((section) => (
            <li key={section.id}>
              <a className="account-nav__link" href={`#${section.id}`}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <AccountView />
    </div>
  );
}
