import { Controller } from 'react-hook-form';
import { SUPPORTED_CURRENCIES } from '@app/contract/money';
import { MoneyInput, inMajorUnits } from '../../components/MoneyInput.tsx';
import { errorAt } from '../../components/form.tsx';
import { ErrorIcon } from '../../../../components/form/TextField.tsx';
import type { ProductFormApi } from './product-form-values.ts';

/**
 * The price and the optional old (struck-through) price in each of the seven currencies: the shop
 * never converts, so a product must have its own price in every currency it sells in.
 */
export function PricesFields({ form }: { form: ProductFormApi }) {
  const errors = form.formState.errors;
  return (
    <table className="admin-prices">
      <caption className="admin-muted admin-small">Prices in major units (dollars, pounds, yen…). Leave the old price empty unless the product is on sale.</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Price</th>
          <th scope="col">Old price</th>
        </tr>
      </thead>
      <tbody>
        {SUPPORTED_CURRENCIES.map((currency) => {
          const priceError = inMajorUnits(errorAt(errors, `prices.${currency}.priceMinor`) ?? errorAt(errors, `prices.${currency}`), currency);
          const oldError = inMajorUnits(errorAt(errors, `prices.${currency}.oldPriceMinor`), currency);
          return (
            <tr key={currency}>
              <th scope="row">{currency}</th>
              <td>
                <Controller
                  control={form.control}
                  name={`prices.${currency}.priceMinor`}
                  render={({ field }) => (
                    <MoneyInput label={`Price in ${currency}`} currency={currency} value={field.value as number} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(priceError)} describedBy={priceError ? `price-${currency}-error` : undefined} />
                  )}
                />
                {priceError && (
                  <p id={`price-${currency}-error`} className="field__error">
                    <ErrorIcon />
                    {priceError}
                  </p>
                )}
              </td>
              <td>
                <Controller
                  control={form.control}
                  name={`prices.${currency}.oldPriceMinor`}
                  render={({ field }) => (
                    <MoneyInput label={`Old price in ${currency}`} currency={currency} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(oldError)} describedBy={oldError ? `old-price-${currency}-error` : undefined} />
                  )}
                />
                {oldError && (
                  <p id={`old-price-${currency}-error`} className="field__error">
                    <ErrorIcon />
                    {oldError}
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
