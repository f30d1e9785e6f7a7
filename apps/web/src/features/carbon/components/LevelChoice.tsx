import { LEVELS, type Level } from '@app/contract/carbon';
import { LEVEL_LABELS } from '../state/format.ts';

/** Low / Medium / High as a radio group: arrow keys move between choices (native behaviour). */
export function LevelChoice({ name, legend, hint, value, onChange }: { name: string; legend: string; hint?: string; value: Level; onChange: (value: Level) => void }) {
  return (
    <fieldset className="level-choice">
      <legend className="level-choice__legend">{legend}</legend>
      {hint && <p className="level-choice__hint">{hint}</p>}
      <div className="level-choice__options">
        {LEVELS.map((level) => (
          <label key={level} className="level-choice__option">
            <input type="radio" name={name} value={level} checked={value === level} onChange={() => onChange(level)} />
            <span>{LEVEL_LABELS[level]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
