import { CURRENCY_STRENGTH, DEFAULT_CURRENCY } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AuthRepository, UserRow } from '../auth/auth.repository.ts';
import { applyCurrencyChoice, currencyForCountry } from '../auth/currency.ts';
import { effectiveCurrency } from '../auth/session.ts';

/**
 * `PATCH /v1/track-country`: the country a visitor picked. For a signed-in person it is stored as
 * their selected country, which sets their currency at strength level 2 (spec §4: only if their
 * current level is not stronger). Everyone gets the currency to show: the country's, or USD for a
 * country without a supported currency (the "optional" fallback of spec §4).
 */
export async function trackCountry(repo: AuthRepository, user: UserRow | null, country: string) {
  if (!(await repo.countryExists(country))) {
    throw new AppError('VALIDATION_FAILED', `We do not know the country code ${country}`, { fields: { country: [`We do not know the country code ${country}`] } });
  }
  const countryCurrency = await currencyForCountry(repo, country);
  if (!user) {
    const currency = countryCurrency ?? DEFAULT_CURRENCY;
    return { success: true as const, message: `Prices are shown in ${currency}`, data: { country, currency, changed: false } };
  }
  let updated = user.selectedCountry === country ? user : await repo.updateUser(user.id, { selectedCountry: country });
  const before = effectiveCurrency(updated);
  if (countryCurrency) updated = await applyCurrencyChoice(repo, updated, { currency: countryCurrency, level: CURRENCY_STRENGTH.selectedCountry });
  const currency = effectiveCurrency(updated);
  const changed = currency !== before;
  const message = changed ? `Your currency is now ${currency}` : countryCurrency && countryCurrency !== currency ? `Your currency stays ${currency}: it was set by a stronger preference` : `Your currency is ${currency}`;
  return { success: true as const, message, data: { country, currency, changed } };
}
