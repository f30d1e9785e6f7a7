import { formatPrice, isSupportedCurrency, minorToMajor } from '@app/contract/money';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';

/** Integer minor units as the shop shows prices: "1,234.50 USD" (yen and yuan by their own exponent). */
export function money(amountMinor: number, currency: string): string {
  return isSupportedCurrency(currency) ? formatPrice(minorToMajor(amountMinor, currency), currency) : `${amountMinor} ${currency}`;
}

// Dates in the shop's one style (lib/dates.ts), in the operator's locale and time zone.
export const shortDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const dateTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');

export const count = (value: number) => value.toLocaleString('en');

/** Tonnes with up to two decimals: "1,204.5 t". */
export const tonnes = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 2 })} t`;

export const fullName = (person: { firstName: string; lastName: string; email?: string }) => `${person.firstName} ${person.lastName}`.trim() || person.email || '—';
