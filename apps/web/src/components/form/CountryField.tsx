import { useMemo, useState, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import { countryNameOf, useCountries, type Country } from '../../lib/countries.ts';
import { ErrorIcon } from './TextField.tsx';
import './form.css';
import './country-field.css';

export interface CountryFieldProps {
  id: string;
  label: ReactNode;
  /** The chosen country's two-letter code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** For forms read with FormData: a hidden input of this name carries the code. */
  name?: string;
  autoComplete?: string;
}

interface Option {
  code: string;
  name: string;
}

/** Names that start with the text first, then names or codes that contain it. */
export function matchCountries(options: readonly Option[], text: string): Option[] {
  const query = text.trim().toLowerCase();
  if (!query) return [...options];
  const starts: Option[] = [];
  const contains: Option[] = [];
  for (const option of options) {
    const name = option.name.toLowerCase();
    if (name.startsWith(query) || option.code.toLowerCase() === query) starts.push(option);
    else if (name.includes(query)) contains.push(option);
  }
  return [...starts, ...contains];
}

/**
 * Every country input of the shop (issue 26): a searchable list of the country names that
 * `GET v1/countries` serves, keeping the two-letter code as the value. Built on downshift's
 * `useCombobox` (the ARIA 1.2 combobox pattern: the input keeps focus, arrows move the active
 * option, Enter picks, Escape closes; leaving the field takes the highlighted match). A saved code
 * the list leaves out (no emissions figure) is still offered under its name, so a prefill is kept.
 */
export function CountryField({ id, label, value, onChange, onBlur, error, hint, required, name, autoComplete = 'country-name' }: CountryFieldProps) {
  const countries = useCountries();
  const options = useMemo(() => optionsOf(countries.data, value), [countries.data, value]);
  const selected = options.find((option) => option.code === value.toUpperCase()) ?? null;
  const [text, setText] = useState<string | null>(null);
  const shown = useMemo(() => matchCountries(options, text ?? ''), [options, text]);

  const combobox = useCombobox<Option>({
    id,
    inputId: id,
    items: shown,
    itemToString: (option) => option?.name ?? '',
    itemToKey: (option) => option?.code,
    selectedItem: selected,
    inputValue: text ?? selected?.name ?? '',
    stateReducer: (state, { type, changes }) => {
      // Typing highlights the best match, so Enter or leaving the field takes it...
      if (type === useCombobox.stateChangeTypes.InputChange) return { ...changes, highlightedIndex: changes.inputValue?.trim() ? 0 : -1 };
      // ...but leaving a field that was only opened, not typed in, changes nothing.
      if (type === useCombobox.stateChangeTypes.InputBlur && text === null) return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      return changes;
    },
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setText(inputValue);
        // Emptying the box clears the choice (every country field but the address is optional).
        if (inputValue.trim() === '' && value) onChange('');
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      setText(null);
      onChange(selectedItem?.code ?? '');
    },
    onIsOpenChange: ({ isOpen }) => {
      // Closed without a choice: the box shows the chosen country again.
      if (!isOpen) setText(null);
    },
  });

  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const status = countries.isPending ? 'Loading countries…' : countries.isError ? COUNTRY_LIST_ERROR : shown.length === 0 ? 'No country matches' : null;
  return (
    <div className="field country-field">
      <label {...combobox.getLabelProps()} className="field__label">
        {label}
      </label>
      <div className="country-field__control">
        <input
          {...combobox.getInputProps({
            onBlur,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
            'aria-required': required || undefined,
          })}
          className="field__input country-field__input"
          placeholder={countries.isPending ? 'Loading countries…' : 'Start typing a country'}
          autoComplete={autoComplete}
          spellCheck={false}
        />
        <button type="button" {...combobox.getToggleButtonProps({ 'aria-label': 'Show countries', tabIndex: -1 })} className="country-field__toggle">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <ul {...combobox.getMenuProps({ 'aria-label': 'Countries' })} className="country-field__list" hidden={!combobox.isOpen}>
          {combobox.isOpen && status && <li className="country-field__status">{status}</li>}
          {combobox.isOpen &&
            shown.map((option, index) => (
              <li
                key={option.code}
                {...combobox.getItemProps({ item: option, index })}
                className={`country-field__option${combobox.highlightedIndex === index ? ' country-field__option--active' : ''}${selected?.code === option.code ? ' country-field__option--selected' : ''}`}
              >
                {option.name}
              </li>
            ))}
        </ul>
      </div>
      {name && <input type="hidden" name={name} value={selected?.code ?? ''} />}
      {error && (
        <p id={errorId} className="field__error">
          <ErrorIcon />
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {countries.isError && (
        <p className="field__hint">
          <button type="button" className="country-field__retry" onClick={() => void countries.refetch()}>
            Load the countries again
          </button>
        </p>
      )}
    </div>
  );
}

/** The props of a useForm field for a CountryField: `<CountryField {...countryFieldProps(form, 'country')} label="Country" />`. */
export function countryFieldProps<F extends string>(
  form: { field: (name: F) => { id: string; value: string; onBlur: () => void; error?: string }; setValue: (name: F, value: string) => void },
  name: F,
): Pick<CountryFieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'error'> {
  const field = form.field(name);
  return { id: field.id, value: field.value, onBlur: field.onBlur, error: field.error, onChange: (code) => form.setValue(name, code) };
}

const COUNTRY_LIST_ERROR = 'The list of countries could not be loaded';

function optionsOf(countries: readonly Country[] | undefined, value: string): Option[] {
  const options = (countries ?? []).map((country) => ({ code: country.countryCode, name: country.entity }));
  const saved = value.trim().toUpperCase();
  if (saved && !options.some((option) => option.code === saved)) options.unshift({ code: saved, name: countryNameOf(saved, countries) });
  return options;
}
