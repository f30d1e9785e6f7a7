import { DEFAULT_CURRENCY, isSupportedCurrency, type Currency } from './currencies.ts';

/**
 * Currency derivation (spec §4), once for server and browser, without zod.
 *
 * - A country's currency: its record's currency code when the shop supports it; otherwise USD
 *   when the currency is optional, or '' (none) when it is required. The condition must be
 *   given: 'Currency condition must be provided' (spec §8) when it is not.
 * - A time-zone name's currency: US zones USD, Canadian zones CAD, UK GBP, European zones EUR,
 *   India INR, Japan JPY, China CNY; any other zone has none (null).
 */

export type CurrencyCondition = 'optional' | 'required';
export const CURRENCY_CONDITION_MISSING = 'Currency condition must be provided';

export function currencyOfCountry(countryCurrencyCode: string | null | undefined, condition: 'optional'): Currency;
export function currencyOfCountry(countryCurrencyCode: string | null | undefined, condition: 'required'): Currency | '';
export function currencyOfCountry(countryCurrencyCode: string | null | undefined, condition?: CurrencyCondition): Currency | '';
export function currencyOfCountry(countryCurrencyCode: string | null | undefined, condition?: CurrencyCondition): Currency | '' {
  if (condition !== 'optional' && condition !== 'required') throw new Error(CURRENCY_CONDITION_MISSING);
  const code = typeof countryCurrencyCode === 'string' ? countryCurrencyCode.trim().toUpperCase() : '';
  if (isSupportedCurrency(code)) return code;
  return condition === 'optional' ? DEFAULT_CURRENCY : '';
}

/** UK zones come before the European rule: Europe/London is GBP, not EUR. */
const ZONE_RULES: readonly (readonly [RegExp, Currency])[] = [
  [/^(Europe\/(London|Belfast|Guernsey|Jersey|Isle_of_Man)|GB|GB-Eire)$/, 'GBP'],
  [/^Europe\/[A-Za-z_]+$/, 'EUR'],
  [
    /^(Canada\/[A-Za-z_-]+|America\/(Toronto|Montreal|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Swift_Current|Moncton|Glace_Bay|Goose_Bay|Whitehorse|Dawson|Dawson_Creek|Fort_Nelson|Creston|Yellowknife|Inuvik|Iqaluit|Rankin_Inlet|Resolute|Cambridge_Bay|Atikokan|Coral_Harbour|Nipigon|Thunder_Bay|Rainy_River|Pangnirtung|Blanc-Sablon))$/,
    'CAD',
  ],
  [
    /^(US\/[A-Za-z_-]+|America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Metlakatla|Yakutat|Nome|Adak|Atka|Boise|Detroit|Menominee|Indianapolis|Louisville|Fort_Wayne|Knox_IN|Shiprock|Indiana\/[A-Za-z_]+|Kentucky\/[A-Za-z_]+|North_Dakota\/[A-Za-z_]+)|Pacific\/Honolulu|Navajo|EST5EDT|CST6CDT|MST7MDT|PST8PDT)$/,
    'USD',
  ],
  [/^Asia\/(Kolkata|Calcutta)$/, 'INR'],
  [/^(Asia\/Tokyo|Japan)$/, 'JPY'],
  [/^(Asia\/(Shanghai|Chongqing|Chungking|Harbin|Urumqi|Kashgar)|PRC)$/, 'CNY'],
];

/** The currency of an IANA time-zone name (spec §4), or null for a zone outside those families. */
export function currencyOfTimeZone(timeZone: string | null | undefined): Currency | null {
  if (typeof timeZone !== 'string' || timeZone.length > 64) return null;
  for (const [pattern, currency] of ZONE_RULES) if (pattern.test(timeZone)) return currency;
  return null;
}
