import { useEffect } from 'react';
import { getMe } from './api/get-me.ts';
import { getSession, setSession, useSession } from './session-store.ts';

/**
 * After a reload the session store knows only the cookie and the stored email. This fills in the
 * rest (user, slug, currency) from v1/me, so the header can greet the person by name. A 401 from
 * that call is the spec §4 forced logout, handled by the API client. A plain call, not a query:
 * this runs on every page, and TanStack Query stays out of the public pages' first load.
 */
export function useSessionHydration(): void {
  const needsUser = useSession((state) => state.isLoggedIn && state.user === null);
  useEffect(() => {
    if (!needsUser) return;
    let current = true;
    getMe().then(
      ({ data, slug, billingAddress, temporaryCheckoutCurrency, currencyLevel }) => {
        // The visitor may have logged out (or in as someone else's session) meanwhile.
        if (!current || !getSession().isLoggedIn || getSession().user !== null) return;
        setSession({
          user: { _id: data._id, email: data.email, firstName: data.firstName, lastName: data.lastName, createdAt: data.createdAt },
          slug,
          billingAddress,
          currency: temporaryCheckoutCurrency,
          currencyType: currencyLevel,
        });
      },
      // Not answered: the header keeps greeting by email; the next page load asks again.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [needsUser]);
}
