import { PROFILE_THEMES, type ProfileTheme } from '@app/contract/sustainability';

const THEME_LABELS: Record<ProfileTheme, string> = { blue: 'Blue', green: 'Green', teal: 'Teal', earth: 'Earth', slate: 'Slate', plum: 'Plum' };

/** The closed list of profile themes as a radio group of swatches. */
export function ThemePicker({ value, onChange }: { value: ProfileTheme; onChange: (theme: ProfileTheme) => void }) {
  return (
    <fieldset className="theme-picker">
      <legend className="field__label">Page theme</legend>
      <div className="theme-picker__options">
        {PROFILE_THEMES.map((theme) => (
          <label key={theme} className="theme-picker__option" data-theme={theme}>
            <input type="radio" name="themeSelected" value={theme} checked={value === theme} onChange={() => onChange(theme)} />
            <span className="theme-picker__swatch" aria-hidden="true" />
            <span>{THEME_LABELS[theme]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
