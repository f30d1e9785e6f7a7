import { useEffect } from 'react';
import { syncSessionWithCookie } from './session-store.ts';

/**
 * Runs the spec §4 session check on app start and whenever the window regains focus, so a token
 * that expired or was cleared in another tab logs this tab out too.
 */
export function useSessionCookieCheck(): void {
  useEffect(() => {
    const check = () => {
      syncSessionWithCookie();
    };
    check();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
