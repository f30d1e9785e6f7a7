import { useId, useState } from 'react';

export interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * Quantity from 1 to the stock of the chosen variation: − and + buttons around a number field.
 * What is typed is kept as typed (an empty field while retyping) and settles within the bounds
 * as soon as it is a number, and on leaving the field.
 */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const id = useId();
  const upper = Math.max(1, max);
  const [draft, setDraft] = useState<string | null>(null);
  const bounded = (next: number) => Math.min(upper, Math.max(1, Math.floor(next) || 1));
  const set = (next: number) => {
    setDraft(null);
    onChange(bounded(next));
  };

  return (
    <div className="quantity-stepper">
      <label htmlFor={id} className="quantity-stepper__label">
        Quantity
      </label>
      <div className="quantity-stepper__controls">
        <button type="button" className="quantity-stepper__button" aria-label="Decrease quantity" onClick={() => set(value - 1)} disabled={disabled || value <= 1}>
          −
        </button>
        <input
          id={id}
          className="quantity-stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          value={draft ?? value}
          disabled={disabled}
          onChange={(event) => {
            const typed = event.target.value;
            if (typed === '') return setDraft('');
            set(Number(typed));
          }}
          onBlur={() => setDraft(null)}
        />
        <button type="button" className="quantity-stepper__button" aria-label="Increase quantity" onClick={() => set(value + 1)} disabled={disabled || value >= upper}>
          +
        </button>
      </div>
    </div>
  );
}
