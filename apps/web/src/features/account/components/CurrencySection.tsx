import { useId, useState, type FormEvent } from 'react';
import { CURRENCY_STRENGTH, SUPPORTED_CURRENCIES, isSupportedCurrency, type Currency, type MeResponse } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { setCurrency } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

/** Why the account has its currency (spec §4 strength levels). */
const LEVEL_REASON = ['the default', 'your billing address country', 'your selected country', 'your own choice'] as const;

/**
 * The checkout currency. Choosing here is the strongest preference (level 3, "forced"), so it
 * wins over the address and country. The API still answers `changed: false` when a stronger
 * preference kept the old one, and that answer is shown rather than hidden.
 */
export function CurrencySection({ me }: { me: MeResponse }) {
  const id = useId();
  const update = useAccountUpdate();
  // The one currency the shop shows and charges (the header, the cart and checkout use it too).
  const shown = useDisplayCurrency();
  const [currency, setChoice] = useState<Currency>(shown);
  const { sending, error, run } = useSubmit();
  // A stronger preference may keep the old currency: that is news, not an error.
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    return run(() => setCurrency(currency, CURRENCY_STRENGTH.forced), {
      success: 'body',
      onSuccess: (response) => {
        const { changed, currency: now, level } = response.data.data;
        const message = successMessage(response, changed ? `Your currency is now ${now}` : `Your currency stays ${now}`);
        if (changed) update.saved(message, { currency: now, level });
        else setNotice(message);
      },
    });
  };

  return (
    <AccountSection
      id="currency"
      title="Currency"
      description={
        <>
          Prices and checkout use <strong data-testid="account-currency">{shown}</strong>, set by {shown === me.temporaryCheckoutCurrency ? LEVEL_REASON[me.currencyLevel] : 'your choice in this browser'}.
        </>
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)}>
        <div className="field account-currency">
          <label htmlFor={id} className="field__label">
            Checkout currency
          </label>
          <select
            id={id}
            className="field__input select-input"
            value={currency}
            onChange={(event) => {
              if (isSupportedCurrency(event.target.value)) setChoice(event.target.value);
            }}
          >
            {SUPPORTED_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p className="field__hint">Your choice here wins over your address and country.</p>
        </div>
        {notice !== null && <FormAlert variant="info">{notice}</FormAlert>}
        {error !== null && <FormAlert>{error}</FormAlert>}
        <div className="form__actions">
          <Button type="submit" loading={sending}>
            Save currency
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
