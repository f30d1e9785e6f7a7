import { useEffect } from 'react';
import { COOKIES } from '@app/contract/constants';
import { getCookie } from '../../lib/cookies.ts';

/**
 * Runs the first-visit currency preset after hydration (the server rendered with the default).
 * The time-zone rules load only on a first visit (no COUNTRY_SET cookie yet), not on every page.
 */
export function useFirstVisitCurrency(): void {
  useEffect(() => {
    if (getCookie(COOKIES.countrySet)) return;
    void import('./first-visit.ts').then((module) => module.presetCurrencyOnFirstVisit());
  }, []);
}
