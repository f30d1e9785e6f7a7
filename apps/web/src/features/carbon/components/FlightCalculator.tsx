import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { calculateFlights, CABIN_CLASSES, CarbonInputError, type CabinClass } from '@app/contract/carbon';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../session/session-store.ts';
import { footprintKeys, saveFootprint } from '../api/carbon-api.ts';
import { formatKg, formatTonnes } from '../state/format.ts';
import type { AirportOption } from '../state/types.ts';
import { AirportCombobox } from './AirportCombobox.tsx';
import { FactorsUsed } from './FactorsUsed.tsx';
import { FlightSwitches } from './FlightSwitches.tsx';

const CABIN_LABELS: Record<CabinClass, string> = { average: 'Average', economy: 'Economy', premium: 'Premium economy', business: 'Business', first: 'First' };
const BAND_LABELS = { domestic: 'Domestic', shortHaul: 'Short-haul', longHaul: 'Long-haul' } as const;

/** One trip by airports, computed in the browser with the DESNZ factors of the contract. */
export function FlightCalculator() {
  const [from, setFrom] = useState<AirportOption | null>(null);
  const [to, setTo] = useState<AirportOption | null>(null);
  const [cabin, setCabin] = useState<CabinClass>('economy');
  const [roundTrip, setRoundTrip] = useState(true);
  const [travellers, setTravellers] = useState(1);
  const [switches, setSwitches] = useState({ radiativeForcing: true, wellToTank: false });
  const [saving, setSaving] = useState(false);
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const queryClient = useQueryClient();
  const toast = useToast();

  const result = useMemo(() => {
    if (!from || !to) return undefined;
    try {
      return calculateFlights({ legs: [{ from, to, cabin, roundTrip, travellers }], ...switches });
    } catch (error) {
      if (error instanceof CarbonInputError) return undefined;
      throw error;
    }
  }, [from, to, cabin, roundTrip, travellers, switches]);
  const leg = result?.legs[0];

  async function save() {
    if (!from || !to) return;
    setSaving(true);
    try {
      const response = await saveFootprint('flights', { legs: [{ from: from.code, to: to.code, cabin, roundTrip, travellers }], ...switches });
      if (response.ok) {
        toast.success('Flight saved');
        await queryClient.invalidateQueries({ queryKey: footprintKeys.all });
      } else toast.error(errorMessage(response, 'The flight could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="carbon-card flight-calculator" aria-labelledby="flight-title">
      <h2 id="flight-title" className="carbon-card__title">
        A flight
      </h2>
      <div className="carbon-form__pair">
        <AirportCombobox label="From" value={from} onChange={setFrom} />
        <AirportCombobox label="To" value={to} onChange={setTo} />
      </div>
      <div className="carbon-form__row">
        <div className="field">
          <label htmlFor="flight-cabin" className="field__label">
            Cabin
          </label>
          <select id="flight-cabin" className="field__input" value={cabin} onChange={(event) => setCabin(event.target.value as CabinClass)}>
            {CABIN_CLASSES.map((option) => (
              <option key={option} value={option}>
                {CABIN_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="flight-travellers" className="field__label">
            Travellers
          </label>
          <input
            id="flight-travellers"
            className="field__input"
            type="number"
            min={1}
            max={100}
            value={travellers}
            onChange={(event) => setTravellers(Math.min(Math.max(Number.parseInt(event.target.value, 10) || 1, 1), 100))}
          />
        </div>
        <label className="carbon-check">
          <input type="checkbox" checked={roundTrip} onChange={(event) => setRoundTrip(event.target.checked)} />
          Return trip
        </label>
      </div>
      <FlightSwitches idPrefix="flight" {...switches} onChange={(changes) => setSwitches((current) => ({ ...current, ...changes }))} />
      <div className="flight-calculator__result" aria-live="polite">
        {leg && result ? (
          <>
            <p className="carbon-result__total carbon-result__total--small" data-testid="flight-total">
              {formatTonnes(result.total)}
              <span className="carbon-result__unit"> CO2e</span>
            </p>
            <p className="carbon-muted">
              {Math.round(leg.distanceKm).toLocaleString('en')} km each way · {BAND_LABELS[leg.band]} · {formatKg(leg.total / travellers)} per traveller · {switches.radiativeForcing ? 'includes' : 'leaves out'} the extra warming at altitude
              {switches.wellToTank ? ' · includes producing the fuel' : ''}
            </p>
            <FactorsUsed factors={result.factors} />
            {isLoggedIn && (
              <Button variant="secondary" onClick={() => void save()} loading={saving}>
                Save this flight
              </Button>
            )}
          </>
        ) : (
          <p className="carbon-muted">Choose both airports to see the flight's footprint.</p>
        )}
      </div>
    </section>
  );
}
