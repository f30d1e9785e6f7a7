import { useEffect, useState } from 'react';
import { CURRENCY_EXPONENT, majorToMinor, minorToMajor, type Currency } from '@app/contract/money';

/**
 * A price typed in major units ("12.50", yen "1500") and kept as integer minor units, the unit the
 * contract and the API use. What the person typed stays as typed; the form gets the minor units,
 * or NaN for text that is not a number, which the contract schema refuses with its own words.
 */
export function MoneyInput({ id, currency, value, onChange, onBlur, invalid, describedBy, label }: { id?: string; currency: Currency; value: number | null | undefined; onChange: (minor: number | null) => void; onBlur?: () => void; invalid?: boolean; describedBy?: string; label?: string }) {
  const toText = (minor: number | null | undefined) => (minor === null || minor === undefined || Number.isNaN(minor) ? '' : minorToMajor(minor, currency).toFixed(CURRENCY_EXPONENT[currency]));
  const [text, setText] = useState(() => toText(value));
  useEffect(() => {
    // Follows the form when it is reset (a saved product), not while the person types.
    setText((current) => (parse(current) === (value ?? null) ? current : toText(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const parse = (input: string): number | null => {
    const clean = input.trim().replace(/,/g, '');
    if (clean === '') return null;
    if (!/^\d+(\.\d+)?$/.test(clean)) return Number.NaN;
    return majorToMinor(Number(clean), currency);
  };
  return (
    <div className="admin-money">
      <input
        id={id}
        className="field__input"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
        onBlur={onBlur}
      />
      <span className="admin-money__currency" aria-hidden="true">
        {currency}
      </span>
    </div>
  );
}
