import { calculateHousehold, CarbonInputError, WORLD_PER_CAPITA, type HouseholdResult, type Level } from '@app/contract/carbon';
import type { Country } from './types.ts';

/**
 * The carbon calculator state of spec §3: dataIndex points into the country list (spec §4 order),
 * houseSize, airTravel and meatConsumption start at medium, totalCarbonEmissions at 0.
 * apiUpdated / localDataUpdated say whether the shown total came from the browser's own
 * computation (always, here) and whether the latest inputs were saved to the server.
 */
export interface CalculatorState {
  dataIndex: number;
  houseHoldMembers: number;
  publicTransportationMembers: number;
  income: Level;
  houseSize: Level;
  airTravel: Level;
  meatConsumption: Level;
  /** The household's flights with radiative forcing (default on) and well-to-tank (default off). */
  radiativeForcing: boolean;
  wellToTank: boolean;
  /** kg CO2e for the household, unrounded. */
  totalCarbonEmissions: number;
  /** The inputs shown are the ones last saved to the server. */
  apiUpdated: boolean;
  /** totalCarbonEmissions reflects the inputs shown. */
  localDataUpdated: boolean;
}

export const INITIAL_CALCULATOR_STATE: CalculatorState = {
  dataIndex: 0,
  houseHoldMembers: 1,
  publicTransportationMembers: 0,
  // The spec gives income no default; the middle band lets the page show a number at once.
  income: 'medium',
  houseSize: 'medium',
  airTravel: 'medium',
  meatConsumption: 'medium',
  radiativeForcing: true,
  wellToTank: false,
  totalCarbonEmissions: 0,
  apiUpdated: false,
  localDataUpdated: false,
};

export type CalculatorInput = Pick<CalculatorState, 'dataIndex' | 'houseHoldMembers' | 'publicTransportationMembers' | 'income' | 'houseSize' | 'airTravel' | 'meatConsumption' | 'radiativeForcing' | 'wellToTank'>;

export type CalculatorAction =
  | { type: 'change'; changes: Partial<CalculatorInput> }
  | { type: 'computed'; total: number }
  | { type: 'saved' };

export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case 'change': {
      const next = { ...state, ...action.changes, apiUpdated: false, localDataUpdated: false };
      // Fewer members than commuters is impossible: keep the commuters within the household.
      if (next.publicTransportationMembers > next.houseHoldMembers) next.publicTransportationMembers = next.houseHoldMembers;
      return next;
    }
    case 'computed':
      // The same state when nothing changed: the calculator dispatches this from an effect on its
      // computation, which depends on the state, so a new object each time re-rendered it forever.
      if (state.localDataUpdated && state.totalCarbonEmissions === action.total) return state;
      return { ...state, totalCarbonEmissions: action.total, localDataUpdated: true };
    case 'saved':
      return { ...state, apiUpdated: true };
  }
}

export type Computation = { ok: true; result: HouseholdResult; country: Country } | { ok: false; field: string; message: string };

/** The household footprint for the state, with the contract's own function (same as the server). */
export function computeHousehold(state: CalculatorInput, countries: readonly Country[]): Computation {
  const country = countries[state.dataIndex];
  if (!country) return { ok: false, field: 'dataIndex', message: 'Choose a country' };
  try {
    const result = calculateHousehold({
      carbonCountryPerCapita: country.carbonCountryPerCapita,
      houseHoldMembers: state.houseHoldMembers,
      publicTransportationMembers: state.publicTransportationMembers,
      income: state.income,
      houseSize: state.houseSize,
      airTravel: state.airTravel,
      meatConsumption: state.meatConsumption,
      radiativeForcing: state.radiativeForcing,
      wellToTank: state.wellToTank,
      baselineSource: { name: `${country.entity}, CO2 per person`, source: 'Our World in Data, based on the Global Carbon Budget (CC BY 4.0)', year: country.year },
    });
    return { ok: true, result, country };
  } catch (error) {
    if (error instanceof CarbonInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/** What POST /v1/carbon/footprints needs: the country's code in place of the list index. */
export function householdInputs(state: CalculatorInput, countries: readonly Country[]) {
  const country = countries[state.dataIndex];
  if (!country) return undefined;
  return {
    country: country.countryCode,
    houseHoldMembers: state.houseHoldMembers,
    publicTransportationMembers: state.publicTransportationMembers,
    income: state.income,
    houseSize: state.houseSize,
    airTravel: state.airTravel,
    meatConsumption: state.meatConsumption,
    radiativeForcing: state.radiativeForcing,
    wellToTank: state.wellToTank,
  };
}

/** The region a language tag names (en-GB → GB, zh-Hant-TW → TW), if any. */
export function languageRegion(language: string): string | undefined {
  return /-([A-Za-z]{2})\b/.exec(language)?.[1]?.toUpperCase();
}

/** The list index of the visitor's region (en-GB → United Kingdom), else 0. */
export function defaultCountryIndex(countries: readonly Country[], languages: readonly string[]): number {
  for (const language of languages) {
    const region = languageRegion(language);
    const index = region ? countries.findIndex((country) => country.countryCode === region) : -1;
    if (index >= 0) return index;
  }
  return 0;
}

/**
 * OWID's World row as the last "country" of the calculator's list, for people who prefer not to
 * say (issue 27.5). The API's country list leaves World out (it has no ISO code, spec §4); the
 * calculator sends `WORLD`, which the household endpoint accepts.
 */
export const WORLD_COUNTRY: Country = {
  entity: 'World average (prefer not to say)',
  countryCode: WORLD_PER_CAPITA.code,
  currencyCode: null,
  carbonCountryPerCapita: WORLD_PER_CAPITA.tonnes,
  year: WORLD_PER_CAPITA.year,
};

export function withWorld(countries: readonly Country[]): Country[] {
  return countries.some((country) => country.countryCode === WORLD_COUNTRY.countryCode) ? [...countries] : [...countries, WORLD_COUNTRY];
}
