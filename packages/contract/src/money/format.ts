import { CURRENCY_EXPONENT, type Currency } from './currencies.ts';
import { PRICE_DECIMALS } from '../constants/spec.ts';

/** Integer minor units → major units, exact for every supported currency. */
export function minorToMajor(amountMinor: number, currency: Currency): number {
  return amountMinor / 10 ** CURRENCY_EXPONENT[currency];
}

/** Major units → integer minor units, rounding half away from zero at the currency's exponent. */
export function majorToMinor(amountMajor: number, currency: Currency): number {
  const factor = 10 ** CURRENCY_EXPONENT[currency];
  return Math.sign(amountMajor) * Math.round(Math.abs(amountMajor) * factor);
}

/**
 * Spec §2.6: price with 2 decimals, the currency symbol stripped and the currency code shown,
 * e.g. `formatPrice(12.5, 'USD')` → "12.50 USD". Thousands are grouped for readability.
 */
export function formatPrice(amountMajor: number, currency: string): string {
  const fixed = Math.abs(amountMajor).toFixed(PRICE_DECIMALS);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amountMajor < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}.${fraction} ${currency}`;
}

/** Spec §2.6: a price text that arrives with a symbol ("$12.5") is shown without it. */
export function stripCurrencySymbol(text: string): string {
  return text.replace(/[^\d.,\-]/g, '');
}
