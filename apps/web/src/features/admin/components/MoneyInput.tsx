import { useEffect, useState } from 'react';
import { CURRENCY_EXPONENT, minorToMajor, type Currency } from '@app/contract/money';

/**
 * A price typed in major units ("12.50", yen "1500") and kept as integer minor units, the unit the
 * contract and the API use. What the person typed stays as typed; the form gets the minor units,
 * or NaN for text that is not a number, which the contract schema refuses with its own words.
 */
export function MoneyInput({ id, currency, value, onChange, onBlur, invalid, describedBy, label }: { id?: string; currency: Currency; value: number | null | undefined; onChange: (minor: number | null) => void; onBlur?: () => void; invalid?: boolean; describedBy?: string; label?: string }) {
  const toText = (minor: number | null | undefined) => (minor === null || minor === undefined || Number.isNaN(minor) ? '' : minorToMajor(minor, currency).toFixed(CURRENCY_EXPONENT[currency]));
  const [text, setText] = useState(() => toText(value));
  useEffect(() => {
    // Follows the form when it is reset (a saved product), not while the person types: text that is
    // not a price yet (NaN in the form) stays as typed, so its error has something to point at.
    setText((current) => (Object.is(parse(current), value ?? null) ? current : toText(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const parse = (input: string) => parseMajorText(input, currency);
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

/**
 * Typed text in major units → integer minor units, exactly (digits, not floating point): "12.5"
 * USD → 1250, "1500" JPY → 1500. Empty → null. Anything else, or more decimals than the currency
 * has ("1.005" USD, "10.5" JPY), → NaN, so the form refuses it instead of rounding what was typed.
 */
export function parseMajorText(input: string, currency: Currency): number | null {
  const clean = input.trim().replace(/,/g, '');
  if (clean === '') return null;
  const exponent = CURRENCY_EXPONENT[currency];
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(clean);
  if (!match || (match[2] ?? '').length > exponent) return Number.NaN;
  return Number(match[1]) * 10 ** exponent + Number((match[2] ?? '').padEnd(exponent, '0') || 0);
}

/**
 * The contract words its money rules in minor units ("a whole number of minor units (cents)",
 * "at least 1", "at most 99999999"), which is what the API takes; the console's fields take major
 * units, so it says the same rule in the units the person typed: "Enter an amount such as 12.50".
 */
export function inMajorUnits(message: string | undefined, currency: Currency): string | undefined {
  if (!message) return message;
  const exponent = CURRENCY_EXPONENT[currency];
  const example = exponent === 0 ? '1500' : (12.5).toFixed(exponent);
  if (/whole number of minor units/.test(message)) {
    return exponent === 0 ? `Enter a whole amount of ${currency}, such as ${example}` : `Enter an amount such as ${example} (at most ${exponent} decimals)`;
  }
  return message.replace(/\b(at (?:least|most)) (\d+)\b/, (_all, bound: string, minor: string) => `${bound} ${minorToMajor(Number(minor), currency).toFixed(exponent)} ${currency}`);
}
