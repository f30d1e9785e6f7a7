import { DEFAULT_CURRENCY, isSupportedCurrency, type Currency } from '@app/contract';
import { createStore, useStore } from '../../lib/create-store.ts';

/**
 * The display currency: which priceList entry product prices show. Remembered in localStorage
 * under 'currency' so it survives reloads; defaults to USD (spec §9). It is a visitor preference,
 * so a logout does not reset it.
 */
export const CURRENCY_STORAGE_KEY = 'currency';

function readStoredCurrency(): Currency {
  try {
    const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isSupportedCurrency(stored) ? stored : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

const currencyStore = createStore<Currency>(readStoredCurrency());

export const getDisplayCurrency = currencyStore.get;

export function setDisplayCurrency(currency: Currency): void {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    /* storage unavailable: the choice still applies for this visit */
  }
  currencyStore.set(currency);
}

export function useDisplayCurrency(): Currency {
  return useStore(currencyStore);
}

// Another tab changed the currency: follow it so prices agree across tabs.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CURRENCY_STORAGE_KEY) currencyStore.set(readStoredCurrency());
  });
}
