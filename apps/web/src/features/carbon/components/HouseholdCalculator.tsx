import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CARBON_LIMITS, WORLD_PER_CAPITA } from '@app/contract/carbon';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../session/session-store.ts';
import { visitorLanguages } from '../../../lib/visitor-languages.ts';
import { footprintKeys, saveFootprint, useCountries } from '../api/carbon-api.ts';
import { calculatorReducer, computeHousehold, defaultCountryIndex, householdInputs, INITIAL_CALCULATOR_STATE, withWorld } from '../state/calculator-state.ts';
import { formatTonnes, HOUSEHOLD_COMPONENT_LABELS } from '../state/format.ts';
import { SaveToBusinessButton } from '../../business-carbon/components/SaveToBusinessButton.tsx';
import { BreakdownBars } from './BreakdownBars.tsx';
import { FactorsUsed } from './FactorsUsed.tsx';
import { FlightSwitches } from './FlightSwitches.tsx';
import { LevelChoice } from './LevelChoice.tsx';
import { OffsetOffer, type OffsetActions } from './OffsetOffer.tsx';

/**
 * The household calculator: spec §3 state, recomputed in the browser on every change with the
 * contract's function (the server's save recomputes the same number), breakdown and comparison.
 */
export function HouseholdCalculator({ offsets }: { offsets?: OffsetActions } = {}) {
  const countries = useCountries();
  const list = useMemo(() => (countries.data ? withWorld(countries.data) : undefined), [countries.data]);
  // With the list at hand (a server-rendered page, or a visit after it loaded) the first render
  // already shows the visitor's region, so the server's HTML and hydration agree.
  const [state, dispatch] = useReducer(calculatorReducer, list, (known) =>
    known ? { ...INITIAL_CALCULATOR_STATE, dataIndex: defaultCountryIndex(known, visitorLanguages()) } : INITIAL_CALCULATOR_STATE,
  );
  const [countryChosen, setCountryChosen] = useState(list !== undefined);
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  // Once the list arrives, start from the visitor's region rather than the first country.
  useEffect(() => {
    if (!list || countryChosen) return;
    setCountryChosen(true);
    dispatch({ type: 'change', changes: { dataIndex: defaultCountryIndex(list, visitorLanguages()) } });
  }, [list, countryChosen]);

  const computation = useMemo(() => (list ? computeHousehold(state, list) : undefined), [state, list]);
  const total = computation?.ok ? computation.result.total : 0;
  useEffect(() => {
    if (computation?.ok) dispatch({ type: 'computed', total: computation.result.total });
  }, [computation]);

  if (countries.isPending) {
    return (
      <section className="carbon-card" aria-busy="true" aria-label="Loading the calculator">
        <Skeleton height="1.5rem" width="40%" />
        <Skeleton height="12rem" />
      </section>
    );
  }
  if (countries.isError || !list) {
    return (
      <section className="carbon-card">
        <FormAlert>{countries.error?.message ?? 'Failed to load countries'}</FormAlert>
        <Button variant="secondary" onClick={() => void countries.refetch()}>
          Try again
        </Button>
      </section>
    );
  }

  const country = list[state.dataIndex];
  const result = computation?.ok ? computation.result : undefined;
  const perPerson = result?.perPerson ?? 0;

  async function save() {
    const inputs = householdInputs(state, list ?? []);
    if (!inputs) return;
    setSaving(true);
    try {
      const response = await saveFootprint('household', inputs);
      if (response.ok) {
        dispatch({ type: 'saved' });
        toast.success('Footprint saved');
        await queryClient.invalidateQueries({ queryKey: footprintKeys.all });
      } else {
        toast.error(errorMessage(response, 'Your footprint could not be saved. Please try again.'));
      }
    } catch {
      toast.error('Your footprint could not be saved. Please check your connection.');
    } finally {
      setSaving(false);
    }
  }

  const count = (value: string, fallback: number) => {
    const parsed = Number.parseInt(value, 10);
    return Number.isFinite(parsed) ? parsed : fallback;
  };

  return (
    <section className="carbon-calculator" aria-labelledby="household-title">
      <form className="carbon-card carbon-form" onSubmit={(event) => event.preventDefault()} aria-labelledby="household-title">
        <h2 id="household-title" className="carbon-card__title">
          Your household
        </h2>
        {/* Server-rendered: a choice made before the page is live would not reach the result. */}
        <HydratedFieldset layout="contents">
        <div className="field">
          <label htmlFor="carbon-country" className="field__label">
            Country
          </label>
          <select
            id="carbon-country"
            className="field__input"
            value={state.dataIndex}
            onChange={(event) => dispatch({ type: 'change', changes: { dataIndex: Number(event.target.value) } })}
          >
            {list.map((option, index) => (
              <option key={option.countryCode} value={index}>
                {option.entity}
              </option>
            ))}
          </select>
        </div>
        <div className="carbon-form__pair">
          <div className="field">
            <label htmlFor="carbon-members" className="field__label">
              People in your household
            </label>
            <input
              id="carbon-members"
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={CARBON_LIMITS.maxHouseholdMembers}
              value={state.houseHoldMembers}
              onChange={(event) => dispatch({ type: 'change', changes: { houseHoldMembers: Math.min(Math.max(count(event.target.value, 1), 1), CARBON_LIMITS.maxHouseholdMembers) } })}
            />
          </div>
          <div className="field">
            <label htmlFor="carbon-commuters" className="field__label">
              Of them, commuting by public transport
            </label>
            <input
              id="carbon-commuters"
              className="field__input"
              type="number"
              inputMode="numeric"
              min={0}
              max={state.houseHoldMembers}
              value={state.publicTransportationMembers}
              onChange={(event) => dispatch({ type: 'change', changes: { publicTransportationMembers: Math.max(count(event.target.value, 0), 0) } })}
            />
          </div>
        </div>
        <LevelChoice name="income" legend="Household income" hint="Compared with others in your country" value={state.income} onChange={(income) => dispatch({ type: 'change', changes: { income } })} />
        <LevelChoice name="houseSize" legend="Size of your home" value={state.houseSize} onChange={(houseSize) => dispatch({ type: 'change', changes: { houseSize } })} />
        <LevelChoice name="airTravel" legend="Flying" hint="Low: none. Medium: a short return trip a year. High: a long-haul return trip a year." value={state.airTravel} onChange={(airTravel) => dispatch({ type: 'change', changes: { airTravel } })} />
        <LevelChoice name="meatConsumption" legend="Meat in your meals" value={state.meatConsumption} onChange={(meatConsumption) => dispatch({ type: 'change', changes: { meatConsumption } })} />
        <FlightSwitches idPrefix="household" radiativeForcing={state.radiativeForcing} wellToTank={state.wellToTank} onChange={(changes) => dispatch({ type: 'change', changes })} />
        </HydratedFieldset>
        {/* Phones only (CSS); the result below is the one read out to screen readers. */}
        <div className="carbon-mobile-total" aria-hidden="true">
          <span>Yearly footprint</span>
          <span>{formatTonnes(total)} CO2e</span>
        </div>
      </form>

      <div className="carbon-card carbon-result" aria-live="polite">
        <p className="carbon-result__eyebrow">Your household's yearly footprint</p>
        <p className="carbon-result__total" data-testid="carbon-total">
          {formatTonnes(state.localDataUpdated ? state.totalCarbonEmissions : total)}
          <span className="carbon-result__unit"> CO2e</span>
        </p>
        <p className="carbon-muted">
          {formatTonnes(perPerson)} per person{computation && !computation.ok ? ` · ${computation.message}` : ''}
        </p>
        {result && (
          <>
            <h3 className="carbon-result__heading">Where it comes from</h3>
            <BreakdownBars
              label="Breakdown of your footprint"
              items={Object.entries(HOUSEHOLD_COMPONENT_LABELS).map(([key, label]) => ({ key, label, value: result.breakdown[key as keyof typeof HOUSEHOLD_COMPONENT_LABELS] }))}
            />
            <h3 className="carbon-result__heading">Per person, compared</h3>
            <BreakdownBars
              label="Your footprint per person compared with averages"
              items={[
                { key: 'you', label: 'You', value: perPerson },
                { key: 'country', label: `${country?.entity ?? 'Country'} average`, value: (country?.carbonCountryPerCapita ?? 0) * 1000, tone: 'reference' },
                { key: 'world', label: 'World average', value: WORLD_PER_CAPITA.tonnes * 1000, tone: 'muted' },
              ]}
            />
            <p className="carbon-muted carbon-small">
              Averages are CO2 per person from fossil fuels and industry ({country?.year ?? WORLD_PER_CAPITA.year}, Our World in Data); your figure also
              counts food and other greenhouse gases, so it usually sits above them.
            </p>
            <FactorsUsed factors={result.factors} />
          </>
        )}
        {offsets && result && (
          <OffsetOffer gapKg={state.localDataUpdated ? state.totalCarbonEmissions : total} actions={offsets} intro="Offset this footprint with verified projects: see the price first, then add it to your cart." />
        )}
        <div className="carbon-result__actions">
          {isLoggedIn ? (
            <>
              <Button onClick={() => void save()} loading={saving} disabled={!result}>
                {state.apiUpdated ? 'Saved' : 'Save this result'}
              </Button>
              <SaveToBusinessButton inputs={result ? (householdInputs(state, list) ?? null) : null} />
            </>
          ) : (
            <p className="carbon-muted">
              <Link to="/login" state={{ from: '/carbon-calculator' }}>
                Log in
              </Link>{' '}
              to save your results and follow them over time.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
