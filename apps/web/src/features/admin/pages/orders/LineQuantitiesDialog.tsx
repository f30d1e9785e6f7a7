import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { Dialog } from '../../../../components/ui/Dialog.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { AdminApiError } from '../../api/admin-client.ts';

export interface LineChoice {
  lineId: string;
  label: string;
  /** How many may be chosen (left to ship, or shipped and not returned). */
  max: number;
}

/**
 * A dialog that picks units of order lines (0 leaves a line out) plus the fields of the action:
 * the Fulfil dialog (carrier, tracking number) and the return dialog (a note). The server's
 * refusal is shown beside the field it names, or above the buttons.
 */
export function LineQuantitiesDialog({
  title,
  description,
  submitLabel,
  lines,
  fields,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  submitLabel: string;
  lines: LineChoice[];
  fields: (errors: Record<string, string>) => ReactNode;
  onSubmit: (lines: { lineId: string; quantity: number }[]) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line.lineId, String(line.max)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setProblem(null);
    setErrors({});
    const chosen = lines.map((line) => ({ lineId: line.lineId, quantity: Number(quantities[line.lineId] || 0) })).filter((line) => line.quantity > 0);
    const wrong = lines.find((line) => {
      const n = Number(quantities[line.lineId] || 0);
      return !Number.isInteger(n) || n < 0 || n > line.max;
    });
    if (wrong) return setErrors({ [`line:${wrong.lineId}`]: `Choose from 0 to ${wrong.max}` });
    if (chosen.length === 0) return setProblem('Choose at least one unit.');
    setBusy(true);
    try {
      await onSubmit(chosen);
      onClose();
    } catch (error) {
      if (error instanceof AdminApiError && error.fields) {
        const next: Record<string, string> = {};
        for (const [name, messages] of Object.entries(error.fields)) {
          const index = /^lines\.(\d+)\./.exec(name);
          next[index ? `line:${chosen[Number(index[1])]?.lineId}` : name] = messages[0] ?? '';
        }
        setErrors(next);
      }
      setProblem(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="admin-line-quantities">
          <legend className="field__label">Units</legend>
          {lines.map((line) => {
            const error = errors[`line:${line.lineId}`];
            return (
              <div key={line.lineId} className="admin-line-quantities__row">
                <label htmlFor={`${formId}-${line.lineId}`}>{line.label}</label>
                <span className="admin-line-quantities__input">
                  <input
                    id={`${formId}-${line.lineId}`}
                    className="field__input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.max}
                    value={quantities[line.lineId] ?? ''}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => setQuantities((q) => ({ ...q, [line.lineId]: event.target.value }))}
                  />
                  <span className="admin-muted admin-small">of {line.max}</span>
                </span>
                {error && <p className="field__error admin-line-quantities__error">{error}</p>}
              </div>
            );
          })}
        </fieldset>
        {fields(errors)}
        {problem && <FormAlert>{problem}</FormAlert>}
      </form>
    </Dialog>
  );
}
