import { COOKIES } from '@app/contract/constants';
import { CURRENCY_STRENGTH, type Currency } from '@app/contract/money';
import { apiClient } from '../../lib/api-client.ts';
import { getCookie } from '../../lib/cookies.ts';
import { setDisplayCurrency } from './currency-store.ts';

/**
 * A currency the shopper picks in the header (issue 26: the account page said "Checkout uses USD"
 * while the header and checkout used EUR). Prices follow at once (the display currency), and a
 * signed-in shopper's account takes the same choice as their own explicit preference (spec §4
 * level 3, as on the account page), so the account, the cart and checkout agree. A failed save
 * leaves the display as chosen; the next login sends it again (temporaryCheckoutCurrency).
 */
export function chooseCurrency(currency: Currency): Promise<void> {
  setDisplayCurrency(currency);
  if (!getCookie(COOKIES.session)) return Promise.resolve();
  return apiClient.post('/auth/set-currency', { currency, level: CURRENCY_STRENGTH.forced }).then(
    () => undefined,
    () => undefined,
  );
}
