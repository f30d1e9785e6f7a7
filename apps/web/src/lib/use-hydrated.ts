import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server HTML (and on the server), true once the page is live, and
 * true at once for a page rendered in the browser. A server-rendered form disables its fields
 * until then: before hydration a submit would be the browser's own (a GET carrying the
 * password in the address) and typed text could be reset.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
