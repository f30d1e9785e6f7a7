/**
 * The model's two flight switches (MODEL.md §5.5–5.6), the same in the household and flight
 * calculators: radiative forcing (on by default) and well-to-tank fuel supply (off by default).
 */
export function FlightSwitches({
  idPrefix,
  radiativeForcing,
  wellToTank,
  onChange,
}: {
  idPrefix: string;
  radiativeForcing: boolean;
  wellToTank: boolean;
  onChange: (changes: { radiativeForcing?: boolean; wellToTank?: boolean }) => void;
}) {
  return (
    <fieldset className="carbon-switches">
      <legend className="field__label">Flights count</legend>
      <label className="carbon-check" htmlFor={`${idPrefix}-rf`}>
        <input id={`${idPrefix}-rf`} type="checkbox" checked={radiativeForcing} onChange={(event) => onChange({ radiativeForcing: event.target.checked })} />
        The extra warming at altitude (radiative forcing)
      </label>
      <label className="carbon-check" htmlFor={`${idPrefix}-wtt`}>
        <input id={`${idPrefix}-wtt`} type="checkbox" checked={wellToTank} onChange={(event) => onChange({ wellToTank: event.target.checked })} />
        Producing and delivering the fuel (well-to-tank)
      </label>
    </fieldset>
  );
}
