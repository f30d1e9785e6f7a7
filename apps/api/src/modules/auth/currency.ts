import { currencyOfCountry, shouldChangeCurrency, type Currency, type CurrencyStrength } from '@app/contract';
import type { AuthRepository, UserRow } from './auth.repository.ts';

export type CurrencyChoice = Currency | { currency: Currency; level: CurrencyStrength };

/**
 * Spec §4 currency preference: a logged-in user's currency moves only to a choice of the same
 * or a stronger level (0 default, 1 address country, 2 selected country, 3 forced).
 */
export async function applyCurrencyChoice(repo: AuthRepository, user: UserRow, choice: CurrencyChoice): Promise<UserRow> {
  const { currency, level } = typeof choice === 'string' ? { currency: choice, level: 0 as CurrencyStrength } : choice;
  if (!shouldChangeCurrency(user.currencyStrength as CurrencyStrength, level)) return user;
  if (user.checkoutDefaultCurrency === currency && user.currencyStrength === level && user.temporaryCheckoutCurrency === currency) return user;
  return repo.updateUser(user.id, { checkoutDefaultCurrency: currency, currencyStrength: level, temporaryCheckoutCurrency: currency });
}

/** The supported currency of a country, if it has one (spec §4, the "required" rule: else none, and no change). */
export async function currencyForCountry(repo: AuthRepository, countryCode: string): Promise<Currency | null> {
  return currencyOfCountry(await repo.currencyOfCountry(countryCode), 'required') || null;
}
