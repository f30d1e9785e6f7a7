import { COOKIES } from '@app/contract/constants';
import { currencyOfTimeZone, isSupportedCurrency } from '@app/contract/money';
import { getCookie, setCookie } from '../../lib/cookies.ts';
import { CURRENCY_STORAGE_KEY, setDisplayCurrency } from './currency-store.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A choice is in localStorage (setDisplayCurrency writes it). The currency cookie is no sign of a
 * choice: the app writes the default there at start so the server renders what the page shows.
 */
function hasChosenCurrency(): boolean {
  try {
    return isSupportedCurrency(localStorage.getItem(CURRENCY_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * A first visit's display currency from the browser's time zone (spec §4: US zones USD, Canadian
 * CAD, UK GBP, European EUR, India INR, Japan JPY, China CNY), without a network call. Runs once:
 * the COUNTRY_SET cookie marks that the currency was preset, and any currency the visitor chose
 * (or had stored) always wins. Answers the currency it set, if any.
 */
export function presetCurrencyOnFirstVisit(timeZone?: string): string | null {
  if (getCookie(COOKIES.countrySet) || hasChosenCurrency()) return null;
  let zone = timeZone;
  try {
    zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  const currency = currencyOfTimeZone(zone);
  if (currency) setDisplayCurrency(currency);
  setCookie(COOKIES.countrySet, '1', { maxAgeSeconds: ONE_YEAR_SECONDS });
  return currency;
}

