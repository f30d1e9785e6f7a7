import { useId } from 'react';

export interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/** Quantity from 1 to the stock of the chosen variation: − and + buttons around a number field. */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const id = useId();
  const upper = Math.max(1, max);
  const set = (next: number) => onChange(Math.min(upper, Math.max(1, Math.floor(next) || 1)));

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
          value={value}
          disabled={disabled}
          onChange={(event) => set(Number(event.target.value))}
        />
        <button type="button" className="quantity-stepper__button" aria-label="Increase quantity" onClick={() => set(value + 1)} disabled={disabled || value >= upper}>
          +
        </button>
      </div>
    </div>
  );
}
