import { useId } from 'react';
import { SUPPORTED_CURRENCIES, isSupportedCurrency } from '@app/contract/money';
import { chooseCurrency } from './choose-currency.ts';
import { useDisplayCurrency } from './currency-store.ts';
import './currency-select.css';

/** Header control choosing the display currency of every price. */
export function CurrencySelect({ showLabel = false }: { showLabel?: boolean }) {
  const id = useId();
  const currency = useDisplayCurrency();
  return (
    <div className="currency-select">
      <label htmlFor={id} className={showLabel ? 'currency-select__label' : 'visually-hidden'}>
        Currency
      </label>
      <select
        id={id}
        className="currency-select__control"
        value={currency}
        onChange={(event) => {
          if (isSupportedCurrency(event.target.value)) void chooseCurrency(event.target.value);
        }}
      >
        {SUPPORTED_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
