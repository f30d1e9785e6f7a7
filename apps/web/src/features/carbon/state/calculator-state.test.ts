import { describe, expect, it } from 'vitest';
import { calculateHousehold } from '@app/contract/carbon';
import { calculatorReducer, computeHousehold, defaultCountryIndex, householdInputs, INITIAL_CALCULATOR_STATE, WORLD_COUNTRY, withWorld } from './calculator-state.ts';
import type { Country } from './types.ts';

const COUNTRIES: Country[] = [
  { entity: 'India', countryCode: 'IN', currencyCode: 'INR', carbonCountryPerCapita: 2.205, year: 2024 },
  { entity: 'United Kingdom', countryCode: 'GB', currencyCode: 'GBP', carbonCountryPerCapita: 4.526, year: 2024 },
];

describe('carbon calculator state (spec §3)', () => {
  it('starts with dataIndex 0, the three medium defaults and totalCarbonEmissions 0', () => {
    expect(INITIAL_CALCULATOR_STATE).toMatchObject({ dataIndex: 0, houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium', totalCarbonEmissions: 0, apiUpdated: false, localDataUpdated: false });
  });

  it('recomputes with the contract function: H1 United Kingdom is 14,663.2 kg', () => {
    const state = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: 'change', changes: { dataIndex: 1, houseHoldMembers: 2 } });
    const computed = computeHousehold(state, COUNTRIES);
    expect(computed.ok).toBe(true);
    if (!computed.ok) return;
    expect(Math.abs(computed.result.total - 14663.2)).toBeLessThan(0.1);
    const expected = calculateHousehold({ carbonCountryPerCapita: 4.526, houseHoldMembers: 2, income: 'medium' });
    expect(computed.result.breakdown).toEqual(expected.breakdown);
    expect(computed.result.factors[0]).toMatchObject({ name: 'United Kingdom, CO2 per person', value: 4.526, year: 2024 });
    const after = calculatorReducer(state, { type: 'computed', total: computed.result.total });
    expect(after).toMatchObject({ totalCarbonEmissions: computed.result.total, localDataUpdated: true });
    // The same total again leaves the state as it is, so the effect that reports it settles.
    expect(calculatorReducer(after, { type: 'computed', total: computed.result.total })).toBe(after);
    expect(calculatorReducer(after, { type: 'computed', total: 1 })).toMatchObject({ totalCarbonEmissions: 1 });
  });

  it('changes mark the result stale and unsaved; more meat raises the total', () => {
    const base = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: 'change', changes: { dataIndex: 1 } });
    const saved = calculatorReducer(calculatorReducer(base, { type: 'computed', total: 1 }), { type: 'saved' });
    expect(saved.apiUpdated).toBe(true);
    const meaty = calculatorReducer(saved, { type: 'change', changes: { meatConsumption: 'high' } });
    expect(meaty).toMatchObject({ apiUpdated: false, localDataUpdated: false });
    const total = (state: typeof base) => {
      const computed = computeHousehold(state, COUNTRIES);
      return computed.ok ? computed.result.total : NaN;
    };
    expect(total(meaty)).toBeGreaterThan(total(base));
  });

  it('keeps public-transport commuters within the household', () => {
    const state = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: 'change', changes: { houseHoldMembers: 3, publicTransportationMembers: 3 } });
    const fewer = calculatorReducer(state, { type: 'change', changes: { houseHoldMembers: 2 } });
    expect(fewer.publicTransportationMembers).toBe(2);
  });

  it('answers which field is wrong instead of throwing', () => {
    expect(computeHousehold({ ...INITIAL_CALCULATOR_STATE, dataIndex: 9 }, COUNTRIES)).toMatchObject({ ok: false, field: 'dataIndex' });
    expect(computeHousehold({ ...INITIAL_CALCULATOR_STATE, houseHoldMembers: 0 }, COUNTRIES)).toMatchObject({ ok: false, field: 'houseHoldMembers' });
  });

  it('sends the country code, not the list index, when saving', () => {
    expect(householdInputs({ ...INITIAL_CALCULATOR_STATE, dataIndex: 1, houseHoldMembers: 2 }, COUNTRIES)).toEqual({
      country: 'GB',
      houseHoldMembers: 2,
      publicTransportationMembers: 0,
      income: 'medium',
      houseSize: 'medium',
      airTravel: 'medium',
      meatConsumption: 'medium',
      radiativeForcing: true,
      wellToTank: false,
    });
    expect(householdInputs({ ...INITIAL_CALCULATOR_STATE, dataIndex: 7 }, COUNTRIES)).toBeUndefined();
  });

  it("starts from the visitor's region when the language names one", () => {
    expect(defaultCountryIndex(COUNTRIES, ['en-GB', 'en'])).toBe(1);
    expect(defaultCountryIndex(COUNTRIES, ['fr', 'hi-IN'])).toBe(0);
    expect(defaultCountryIndex(COUNTRIES, ['en-US'])).toBe(0);
  });

  it('offers the world average last, sent as WORLD, and the flight switches change the flights only', () => {
    const list = withWorld(COUNTRIES);
    expect(list.at(-1)).toBe(WORLD_COUNTRY);
    expect(withWorld(list)).toHaveLength(list.length);
    const world = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: 'change', changes: { dataIndex: list.length - 1, houseHoldMembers: 2 } });
    expect(householdInputs(world, list)).toMatchObject({ country: 'WORLD', radiativeForcing: true, wellToTank: false });
    const computed = computeHousehold(world, list);
    expect(computed.ok && computed.result.factors[0]).toMatchObject({ value: 4.729, year: 2024 });
    const flights = (changes: Partial<typeof world>) => {
      const result = computeHousehold(calculatorReducer(world, { type: 'change', changes }), list);
      return result.ok ? result.result.breakdown : undefined;
    };
    expect(flights({ radiativeForcing: false })!.flights).toBeCloseTo(2 * 2300 * 0.07559, 6);
    expect(flights({ wellToTank: true })!.flights).toBeCloseTo(2 * 2300 * (0.12786 + 0.02286), 6);
    expect(flights({ wellToTank: true })!.diet).toBe(flights({})!.diet);
  });
});
