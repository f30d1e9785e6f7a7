import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Toaster } from '../../../components/ui/Toaster.tsx';
import { setSignInNeededHandler } from '../api/admin-client.ts';
import { operatorQueryKey, useEndAdminSession, useOperator } from '../auth/use-operator.ts';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { ADMIN_NAV } from './nav-items.ts';
import { AdminMark } from './AdminMark.tsx';

/** A section is current on its own page and the pages under it (the dashboard only on its own). */
export function isCurrent(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return to === '/admin' ? path === '/admin' : path === to || path.startsWith(`${to}/`);
}

/**
 * The console's frame: a sidebar with its sections (a drawer behind a Menu button below 1024 px,
 * so a tablet keeps the whole width for tables), the signed-in operator, and the page. Any admin
 * call answered "sign in again" (admin-client.ts) brings the operator back to the sign-in page,
 * which returns them here afterwards.
 */
export function AdminLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const operator = useOperator();
  const endSession = useEndAdminSession();
  const [menuOpen, setMenuOpen] = useState(false);

  const signInPath = `/admin/sign-in?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  useEffect(
    () =>
      setSignInNeededHandler(() => {
        client.removeQueries({ queryKey: operatorQueryKey });
        void navigate(signInPath, { replace: true });
      }),
    [navigate, signInPath, client],
  );
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (operator.isPending) return <LoadingState label="Opening the console" />;
  if (operator.error) return <ErrorState error={operator.error} onRetry={() => void operator.refetch()} />;
  if (!operator.data) return <Navigate to={signInPath} replace />;

  const { firstName, lastName, email, role } = operator.data;
  return (
    <div className="admin-shell" data-menu-open={menuOpen || undefined}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <div className="admin-topbar">
        <button type="button" className="admin-topbar__menu" aria-expanded={menuOpen} aria-controls="admin-sidebar" onClick={() => setMenuOpen((open) => !open)}>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          Menu
        </button>
        <span className="admin-topbar__brand">
          <AdminMark /> Carbonwise Admin
        </span>
      </div>
      <aside id="admin-sidebar" className="admin-sidebar">
        <div className="admin-sidebar__brand">
          <AdminMark />
          <span>
            Carbonwise <span className="admin-sidebar__product">Admin</span>
          </span>
        </div>
        <nav aria-label="Console" className="admin-nav">
          <ul>
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="admin-nav__link" aria-current={isCurrent(item.to, location.pathname) ? 'page' : undefined}>
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
                  </svg>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <Link to="/admin/account" className="admin-operator" aria-current={location.pathname === '/admin/account' ? 'page' : undefined}>
            <span className="admin-operator__avatar" aria-hidden="true">
              {(firstName[0] ?? email[0] ?? '?').toUpperCase()}
            </span>
            <span className="admin-operator__text">
              <span className="admin-operator__name">{`${firstName} ${lastName}`.trim() || email}</span>
              <span className="admin-operator__role">{role === 'owner' ? 'Owner' : 'Staff'}</span>
            </span>
          </Link>
          <div className="admin-sidebar__links">
            <a href="/" className="admin-sidebar__link">
              View shop
            </a>
            <button type="button" className="admin-sidebar__link" onClick={() => void endSession().then(() => navigate('/admin/sign-in'))}>
              Sign out
            </button>
          </div>
        </div>
      </aside>
      {menuOpen && <button type="button" className="admin-scrim" aria-label="Close the menu" onClick={() => setMenuOpen(false)} />}
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
