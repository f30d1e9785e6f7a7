import { useEffect, useId, useState, type ReactNode } from 'react';

/** The search box above a list: the address follows the text a moment after typing stops. */
export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange: (q: string) => void; label: string; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="field admin-toolbar__search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} type="search" className="field__input" value={text} placeholder={placeholder} maxLength={100} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/** A filter of a list: "All" and the list's values; the choice goes into the address. */
export function FilterSelect({ label, value, onChange, options, allLabel = 'All' }: { label: string; value: string | undefined; onChange: (value: string) => void; options: readonly (string | { value: string; label: string })[]; allLabel?: string }) {
  const id = useId();
  return (
    <div className="field admin-toolbar__filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input admin-select" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => {
          const { value: optionValue, label: text } = typeof option === 'string' ? { value: option, label: capitalise(option) } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** The options, with the address's value kept while they load (or when it is no longer among them). */
export function withCurrent(options: { value: string; label: string }[] | undefined, current: string | undefined, label: string) {
  const list = options ?? [];
  return current && !list.some((option) => option.value === current) ? [{ value: current, label }, ...list] : list;
}

/** A date filter (YYYY-MM-DD in the address). */
export function DateFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field admin-toolbar__filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} type="date" className="field__input" value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <div className="admin-toolbar" role="search">
      {children}
    </div>
  );
}

export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1).replace(/-/g, ' ') : text);
