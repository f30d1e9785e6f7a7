import { useEffect, useId, useRef, useState } from 'react';
import { searchAirports } from '../api/carbon-api.ts';
import type { AirportOption } from '../state/types.ts';

export interface AirportComboboxProps {
  label: string;
  value: AirportOption | null;
  onChange: (airport: AirportOption | null) => void;
  /** The search to call; the API by default (tests pass their own). */
  search?: (q: string) => Promise<AirportOption[]>;
  /** Wait this long after typing stops before searching. */
  debounceMs?: number;
}

const describe = (airport: AirportOption) => `${airport.code} · ${airport.name}${airport.city ? `, ${airport.city}` : ''}`;

/**
 * Airport type-ahead following the ARIA 1.2 combobox pattern: the input keeps focus while
 * ArrowDown/ArrowUp move the active option (aria-activedescendant), Enter picks it, Escape
 * closes the list (or clears the text when it is already closed).
 */
export function AirportCombobox({ label, value, onChange, search = searchAirports, debounceMs = 150 }: AirportComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? describe(value) : '');
  const [options, setOptions] = useState<AirportOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const latest = useRef(0);

  useEffect(() => {
    setText(value ? describe(value) : '');
  }, [value]);

  function query(q: string) {
    const ticket = ++latest.current;
    if (q.trim().length === 0) {
      setOptions([]);
      setOpen(false);
      return;
    }
    setStatus('loading');
    window.setTimeout(() => {
      if (ticket !== latest.current) return;
      search(q.trim()).then(
        (found) => {
          // Answers to older keystrokes arriving late are dropped.
          if (ticket !== latest.current) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setOpen(true);
          setStatus('idle');
        },
        () => {
          if (ticket !== latest.current) return;
          setOptions([]);
          setOpen(true);
          setStatus('error');
        },
      );
    }, debounceMs);
  }

  function choose(airport: AirportOption) {
    onChange(airport);
    setText(describe(airport));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length === 0 ? -1 : (index - 1 + options.length) % options.length));
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else {
        setText('');
        onChange(null);
      }
    }
  }

  const activeId = open && active >= 0 ? `${id}-option-${active}` : undefined;
  return (
    <div className="combobox field">
      <label htmlFor={`${id}-input`} className="field__label">
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="field__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder="City, airport or code"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (value) onChange(null);
          query(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 120)}
      />
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="combobox__list" hidden={!open}>
        {status === 'error' && <li className="combobox__empty">Airport search is not available right now</li>}
        {status !== 'error' && options.length === 0 && <li className="combobox__empty">No airport matches</li>}
        {options.map((airport, index) => (
          <li
            key={airport.code}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(airport)}
          >
            <span className="combobox__code">{airport.code}</span>
            <span>
              {airport.name}
              <span className="carbon-muted">{airport.city ? ` · ${airport.city}` : ''}, {airport.country}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
