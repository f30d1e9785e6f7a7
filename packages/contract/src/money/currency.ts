import { z } from 'zod';

/** Supported currencies (spec §9), default USD. */
export const SUPPORTED_CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'INR', 'JPY', 'CNY'] as const;
export const currencySchema = z.enum(SUPPORTED_CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;
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
export const currencyStrengthSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type CurrencyStrength = z.infer<typeof currencyStrengthSchema>;

export function shouldChangeCurrency(current: CurrencyStrength, proposed: CurrencyStrength): boolean {
  return proposed >= current;
}
