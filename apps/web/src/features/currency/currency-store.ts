import { DEFAULT_CURRENCY, isSupportedCurrency, type Currency } from '@app/contract/money';
import { createStore, useStore } from '../../lib/create-store.ts';
import { getCookie, setCookie } from '../../lib/cookies.ts';

/**
 * The display currency: which priceList entry product prices show; defaults to USD (spec §9).
 * It is a visitor preference, so a logout does not reset it. It is remembered twice:
 * - in localStorage under 'currency', so other tabs follow a change (the storage event);
 * - in the 'currency' cookie, so the server renders prices in it and hydration agrees.
 */
export const CURRENCY_STORAGE_KEY = 'currency';
export const CURRENCY_COOKIE = 'currency';
const CURRENCY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function readStoredCurrency(): Currency {
  const fromCookie = getCookie(CURRENCY_COOKIE);
  if (isSupportedCurrency(fromCookie)) return fromCookie;
  try {
    const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isSupportedCurrency(stored) ? stored : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/** The currency the server rendered the current HTML with (set per render on the server, once from the page on the client). */
let renderedCurrency: Currency = DEFAULT_CURRENCY;

export function setRenderedCurrency(currency: Currency): void {
  renderedCurrency = currency;
}

const currencyStore = createStore<Currency>(readStoredCurrency(), () => renderedCurrency);

export const getDisplayCurrency = currencyStore.get;

export function setDisplayCurrency(currency: Currency): void {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    /* storage unavailable: the choice still applies for this visit */
  }
  rememberCurrencyInCookie(currency);
  currencyStore.set(currency);
}

/** Writes the cookie the server reads; also run at start so an older localStorage choice reaches the server. */
export function rememberCurrencyInCookie(currency: Currency = currencyStore.get()): void {
  if (typeof document === 'undefined' || getCookie(CURRENCY_COOKIE) === currency) return;
  setCookie(CURRENCY_COOKIE, currency, { maxAgeSeconds: CURRENCY_COOKIE_MAX_AGE_SECONDS });
}

export function useDisplayCurrency(): Currency {
  return useStore(currencyStore);
}

// Another tab changed the currency: follow it so prices agree across tabs.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CURRENCY_STORAGE_KEY) return;
    const stored = event.newValue;
    if (isSupportedCurrency(stored)) currencyStore.set(stored);
  });
}
