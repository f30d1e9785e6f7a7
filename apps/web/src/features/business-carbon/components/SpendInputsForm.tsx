import { useId, useState } from 'react';
import type { BusinessCarbonRollup } from '@app/contract/business-carbon';
import { Button } from '../../../components/ui/index.ts';
import { useSaveCarbonInputs } from '../api.ts';
import { inputsFromRows, newRow, rowsFrom, SPEND_CATEGORIES, type RowErrors, type SpendRow } from '../spend-rows.ts';
import '../business-carbon.css';

/**
 * The owner's yearly spend by category (US dollars); the server prices each line. Without `year`
 * these are the business's current inputs (the roll-up's); with one, that reporting year's only.
 */
export function SpendInputsForm({
  businessCode,
  inputs,
  spendLines = [],
  year,
  onSaved,
  onCancel,
}: {
  businessCode: string;
  inputs: BusinessCarbonRollup['inputs'];
  /** Priced lines already known, for the names of categories outside the short list. */
  spendLines?: ReadonlyArray<{ naics: string; title: string }>;
  year?: number;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const [rows, setRows] = useState<SpendRow[]>(() => rowsFrom(inputs));
  const [errors, setErrors] = useState<RowErrors>({});
  const save = useSaveCarbonInputs(businessCode, year);
  const titleId = useId();
  const titles = new Map<string, string>([...spendLines.map((line) => [line.naics, line.title] as const), ...SPEND_CATEGORIES.map((c) => [c.naics, c.title] as const)]);

  const update = (id: number, changes: Partial<SpendRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...changes } : row)));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const { body, errors: found } = inputsFromRows(rows, inputs);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, { onSuccess: onSaved });
  }

  const travelKept = (inputs?.flights.length ?? 0) + (inputs?.hotelStays.length ?? 0) + (inputs?.surfaceTravel.length ?? 0);

  return (
    <form className="business-carbon__form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="business-carbon__subtitle">
        {year === undefined ? 'Spend in the last 12 months' : `Spend in ${year}`}
      </h3>
      <p className="business-muted">In US dollars. Leave an amount empty to skip it; count a trip here or as travel, not both.</p>
      {save.isError && (
        <div className="business-alert" role="alert">
          {save.error.message}
        </div>
      )}
      <ul className="business-carbon__rows">
        {rows.map((row, index) => (
          <li key={row.id} className="business-carbon__row">
            <div className="field">
              <label className="field__label" htmlFor={`spend-category-${row.id}`}>
                Category {index + 1}
              </label>
              <select id={`spend-category-${row.id}`} className="field__input" value={row.naics} onChange={(e) => update(row.id, { naics: e.target.value })}>
                {!SPEND_CATEGORIES.some((c) => c.naics === row.naics) && <option value={row.naics}>{titles.get(row.naics) ?? `NAICS ${row.naics}`}</option>}
                {SPEND_CATEGORIES.map((category) => (
                  <option key={category.naics} value={category.naics}>
                    {category.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`spend-usd-${row.id}`}>
                Amount (USD)
              </label>
              <input
                id={`spend-usd-${row.id}`}
                className="field__input"
                inputMode="decimal"
                autoComplete="off"
                placeholder="12,500"
                value={row.usd}
                aria-invalid={errors[row.id] ? true : undefined}
                aria-describedby={errors[row.id] ? `spend-usd-${row.id}-error` : undefined}
                onChange={(e) => update(row.id, { usd: e.target.value })}
              />
              {errors[row.id] && (
                <p id={`spend-usd-${row.id}-error`} className="field__error">
                  {errors[row.id]}
                </p>
              )}
            </div>
            <Button variant="link" size="sm" aria-label={`Remove category ${index + 1}`} onClick={() => setRows((current) => (current.length > 1 ? current.filter((r) => r.id !== row.id) : [newRow()]))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {travelKept > 0 && <p className="business-muted">Flights, hotel stays and journeys recorded earlier are kept.</p>}
      <div className="business-carbon__actions">
        <Button variant="secondary" onClick={() => setRows((current) => [...current, newRow(SPEND_CATEGORIES.find((c) => !current.some((r) => r.naics === c.naics))?.naics)])} disabled={rows.length >= 50}>
          Add a category
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save spend
        </Button>
        {onCancel && (
          <Button variant="link" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
