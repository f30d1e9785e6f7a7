import { useEffect } from 'react';
import { useMe } from './api/get-me.ts';
import { setSession, useSession } from './session-store.ts';

/**
 * After a reload the session store knows only the cookie and the stored email. This fills in the
 * rest (user, slug, currency) from v1/me, so the header can greet the person by name. A 401 from
 * that call is the spec §4 forced logout, handled by the API client.
 */
export function useSessionHydration(): void {
  const needsUser = useSession((state) => state.isLoggedIn && state.user === null);
  const me = useMe();
  useEffect(() => {
    if (!needsUser || !me.data) return;
    const { data, slug, billingAddress, temporaryCheckoutCurrency, currencyLevel } = me.data;
    setSession({
      user: { _id: data._id, email: data.email, firstName: data.firstName, lastName: data.lastName, createdAt: data.createdAt },
      slug,
      billingAddress,
      currency: temporaryCheckoutCurrency,
      currencyType: currencyLevel,
    });
  }, [needsUser, me.data]);
}
