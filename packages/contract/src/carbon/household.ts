import { CARBON_FACTORS, LEVELS, type Level } from './factors.ts';
import { factorEntry, useFactor, type FactorUsed } from './factors-used.ts';
import { flightFactor, flightWellToTankFactor, requireRadiativeForcing, requireWellToTank, useFlightFactors } from './flights.ts';
import { CARBON_LIMITS, CarbonInputError, footprint, requireNumber, requireOneOf, type FootprintResult } from './result.ts';

/**
 * The carbon calculator's inputs (spec §3 "Carbon calculator state"), with the selected
 * country's per-capita figure in place of `dataIndex`. houseSize, airTravel and
 * meatConsumption default to medium (spec §9); income has no default in the spec.
 */
export interface HouseholdInput {
  /** The country's `carbonCountryPerCapita`: tonnes of CO2 per person per year. */
  carbonCountryPerCapita: number;
  houseHoldMembers: number;
  /** Members who commute mainly by public transport; 0 to houseHoldMembers (default 0). */
  publicTransportationMembers?: number;
  income: Level;
  houseSize?: Level;
  airTravel?: Level;
  meatConsumption?: Level;
  /** The household's flights with radiative forcing (default true), as in the flight calculator. */
  radiativeForcing?: boolean;
  /** Add well-to-tank to the household's flights (default false). */
  wellToTank?: boolean;
  /** Where B comes from, listed first among the result's factors (the caller knows the country). */
  baselineSource?: { name: string; source: string; year: number };
}

export type HouseholdComponent = 'homeEnergy' | 'surfaceTransport' | 'goodsAndServices' | 'diet' | 'flights';
export type HouseholdResult = FootprintResult<HouseholdComponent> & { perPerson: number };

/** m_hh: economies of scale of sharing a home, 1 for the reference household of 2.5. */
export function householdSizeMultiplier(members: number): number {
  const h = CARBON_FACTORS.household;
  return Math.pow(members / h.referenceHouseholdSize.value, -h.householdSizeExponent.value);
}

/**
 * A household's yearly footprint (MODEL.md §3.1), kg CO2e for the whole household:
 *   N × (B × m_hh × (w_home·m_home + w_transport·m_inc·(1 − p·(1 − r_pt)) + w_other·m_inc)
 *        + 365 × diet(M) + air(A))
 */
export function calculateHousehold(input: HouseholdInput): HouseholdResult {
  if (!input || typeof input !== 'object') throw new CarbonInputError('houseHoldMembers', 'houseHoldMembers is required');
  const h = CARBON_FACTORS.household;
  const perCapitaTonnes = requireNumber(input.carbonCountryPerCapita, 'carbonCountryPerCapita', { max: CARBON_LIMITS.maxPerCapitaTonnes });
  if (perCapitaTonnes <= 0) throw new CarbonInputError('carbonCountryPerCapita', 'carbonCountryPerCapita must be above 0');
  const members = requireNumber(input.houseHoldMembers, 'houseHoldMembers', { min: 1, max: CARBON_LIMITS.maxHouseholdMembers, integer: true });
  const publicTransport =
    input.publicTransportationMembers === undefined
      ? 0
      : requireNumber(input.publicTransportationMembers, 'publicTransportationMembers', { max: CARBON_LIMITS.maxHouseholdMembers, integer: true });
  if (publicTransport > members) {
    throw new CarbonInputError('publicTransportationMembers', 'publicTransportationMembers cannot be more than houseHoldMembers');
  }
  const income = requireOneOf(input.income, LEVELS, 'income');
  const houseSize = input.houseSize === undefined ? 'medium' : requireOneOf(input.houseSize, LEVELS, 'houseSize');
  const airTravel = input.airTravel === undefined ? 'medium' : requireOneOf(input.airTravel, LEVELS, 'airTravel');
  const meat = input.meatConsumption === undefined ? 'medium' : requireOneOf(input.meatConsumption, LEVELS, 'meatConsumption');

  const flightOptions = { radiativeForcing: requireRadiativeForcing(input.radiativeForcing), wellToTank: requireWellToTank(input.wellToTank) };
  const flightKgPerKm = (band: 'shortHaul' | 'longHaul') =>
    flightFactor(band, 'average', flightOptions.radiativeForcing) + (flightOptions.wellToTank ? flightWellToTankFactor(band, 'average') : 0);

  const baselinePerPerson = perCapitaTonnes * h.kgPerTonne.value * householdSizeMultiplier(members);
  const incomeMultiplier = Math.pow(h.incomeRatio.value[income], h.incomeElasticity.value);
  const publicTransportShare = publicTransport / members;
  const transportMultiplier = 1 - publicTransportShare * (1 - h.publicTransportRatio.value);

  const perPerson = {
    homeEnergy: baselinePerPerson * h.weightHomeEnergy.value * h.houseSizeMultiplier.value[houseSize],
    surfaceTransport: baselinePerPerson * h.weightSurfaceTransport.value * incomeMultiplier * transportMultiplier,
    goodsAndServices: baselinePerPerson * h.weightGoodsAndServices.value * incomeMultiplier,
    diet: h.daysPerYear.value * h.dietPerDay.value[meat],
    // Typical trips per level, at the DESNZ average-passenger factors (with RF unless switched off).
    flights: h.airTravelShortHaulKm.value[airTravel] * flightKgPerKm('shortHaul') + h.airTravelLongHaulKm.value[airTravel] * flightKgPerKm('longHaul'),
  };
  const factors = householdFactors(input, { perCapitaTonnes, income, houseSize, airTravel, meat, publicTransport, members, flightOptions });
  const breakdown = {} as Record<HouseholdComponent, number>;
  for (const key of Object.keys(perPerson) as HouseholdComponent[]) breakdown[key] = members * perPerson[key];
  const result = footprint(breakdown, [], factors);
  return { ...result, perPerson: result.total / members };
}

interface Chosen {
  perCapitaTonnes: number;
  income: Level;
  houseSize: Level;
  airTravel: Level;
  meat: Level;
  publicTransport: number;
  members: number;
  flightOptions: { radiativeForcing: boolean; wellToTank: boolean };
}

/** The factors a household result used, in the order of the formula. */
function householdFactors(input: HouseholdInput, chosen: Chosen): FactorUsed[] {
  const h = CARBON_FACTORS.household;
  const b = input.baselineSource;
  const factors: FactorUsed[] = [
    {
      name: b?.name ?? 'Country CO2 per person',
      value: chosen.perCapitaTonnes,
      unit: 't CO2 per person per year',
      source: b?.source ?? 'Our World in Data, based on the Global Carbon Budget (CC BY 4.0)',
      year: b?.year ?? 2024,
    },
  ];
  const add = (name: string, factor: Parameters<typeof factorEntry>[1], value: number) => useFactor(factors, factorEntry(name, factor, value));
  add('Household-size exponent', h.householdSizeExponent, h.householdSizeExponent.value);
  add('Reference household size', h.referenceHouseholdSize, h.referenceHouseholdSize.value);
  add('Home energy share', h.weightHomeEnergy, h.weightHomeEnergy.value);
  add(`House size (${chosen.houseSize})`, h.houseSizeMultiplier, h.houseSizeMultiplier.value[chosen.houseSize]);
  add('Surface transport share', h.weightSurfaceTransport, h.weightSurfaceTransport.value);
  add('Goods and services share', h.weightGoodsAndServices, h.weightGoodsAndServices.value);
  add(`Income ratio (${chosen.income})`, h.incomeRatio, h.incomeRatio.value[chosen.income]);
  add('Income elasticity', h.incomeElasticity, h.incomeElasticity.value);
  if (chosen.publicTransport > 0) add('Public transport ÷ car', h.publicTransportRatio, h.publicTransportRatio.value);
  add(`Diet (${chosen.meat} meat)`, h.dietPerDay, h.dietPerDay.value[chosen.meat]);
  const shortKm = h.airTravelShortHaulKm.value[chosen.airTravel];
  const longKm = h.airTravelLongHaulKm.value[chosen.airTravel];
  if (shortKm > 0) {
    add(`Short-haul km (${chosen.airTravel} air travel)`, h.airTravelShortHaulKm, shortKm);
    useFlightFactors(factors, 'shortHaul', 'average', chosen.flightOptions);
  }
  if (longKm > 0) {
    add(`Long-haul km (${chosen.airTravel} air travel)`, h.airTravelLongHaulKm, longKm);
    useFlightFactors(factors, 'longHaul', 'average', chosen.flightOptions);
  }
  return factors;
}
