/**
 * Currencies without zod, so the web app can use them on pages that have no form (the schemas
 * live in currency.ts). Imported in the browser as `@app/contract/money`.
 */

/** Supported currencies (spec §9), default USD. */
export const SUPPORTED_CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'INR', 'JPY', 'CNY'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

/**
 * ISO 4217 minor-unit exponent of each currency: money is stored as integers in these units
 * (cents, pence, paise, fen; JPY has no minor unit).
 */
export const CURRENCY_EXPONENT: Record<Currency, number> = {
  USD: 2,
  CAD: 2,
  GBP: 2,
  EUR: 2,
  INR: 2,
  JPY: 0,
  CNY: 2,
};

export const CURRENCY_SYMBOL: Record<Currency, string> = {
  USD: '$',
  CAD: 'CA$',
  GBP: '£',
  EUR: '€',
  INR: '₹',
  JPY: '¥',
  CNY: 'CN¥',
};

export function isSupportedCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/** Currency preference strength (spec §4): a logged-in user's currency only moves to an equal or stronger level. */
export const CURRENCY_STRENGTH = {
  default: 0,
  addressCountry: 1,
  selectedCountry: 2,
  forced: 3,
} as const;
export type CurrencyStrength = 0 | 1 | 2 | 3;

export function shouldChangeCurrency(current: CurrencyStrength, proposed: CurrencyStrength): boolean {
  return proposed >= current;
}
