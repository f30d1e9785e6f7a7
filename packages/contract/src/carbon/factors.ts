import { DESNZ_2025_AIR } from './datasets/desnz-2025-air.ts';
import { DESNZ_2025_HOTEL_ROOM_NIGHT } from './datasets/desnz-2025-hotel.ts';

/**
 * Every constant of the carbon model (shared/carbon/MODEL.md), each with its unit, source and
 * year. Values marked `assumption: true` are modelling choices, not published figures (MODEL.md
 * §10.2 asks for them to be named so product owners can tune them). Changing any value here is a
 * new factor set: bump FACTOR_SET_YEAR (or its suffix), because stored footprints keep the year
 * they were computed with. Why the year is 2025 and why kg CO2e: docs/decisions/0008.
 */
export const FACTOR_SET_YEAR = 2025;

/** The one unit every footprint is expressed in. Round only for display. */
export const CARBON_UNIT = 'kg CO2e' as const;

export type Level = 'low' | 'medium' | 'high';
export const LEVELS = ['low', 'medium', 'high'] as const satisfies readonly Level[];

export interface Factor<T> {
  value: T;
  unit: string;
  source: string;
  year: number;
  assumption?: true;
}

const DESNZ = 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025';
const SCARBOROUGH = 'Scarborough et al. 2014, Climatic Change 125:179-192, doi:10.1007/s10584-014-1169-1';

// DESNZ 2025 surface travel (MODEL.md §3.2 and §6); not in the shipped CSVs, copied from MODEL.md.
const RAIL = 0.03546;
const LOCAL_BUS = 0.10385;
const CAR = 0.16725;

/** Ofgem TDCV 2020: gas + electricity kWh per year of a low / medium / high use household. */
const TDCV_KWH = { low: 8_000 + 1_800, medium: 12_000 + 2_900, high: 17_000 + 4_300 };

/** Scarborough 2014 diet groups, kg CO2e per person per day (2,000 kcal, age/sex adjusted). */
const DIET_PER_DAY = { highMeat: 7.19, mediumMeat: 5.63, lowMeat: 4.67, fish: 3.91, vegetarian: 3.81, vegan: 2.89 };
const MEALS_PER_DAY = 3;

export const CARBON_FACTORS = {
  household: {
    /** t → kg for the country baseline B (OWID co2_per_capita is in tonnes per person per year). */
    kgPerTonne: { value: 1000, unit: 'kg/t', source: 'SI', year: 2025 } satisfies Factor<number>,
    referenceHouseholdSize: {
      value: 2.5,
      unit: 'people',
      source: 'MODEL.md §3.2: the average person\'s household size, so N = 2.5 gives m_hh = 1',
      year: 2025,
      assumption: true,
    } satisfies Factor<number>,
    householdSizeExponent: {
      // ln(9.2 / 4.6) / ln 5 = 0.4307: the per-person footprint halves from 1 to 5 members.
      value: Math.log(9.2 / 4.6) / Math.log(5),
      unit: 'dimensionless',
      source: 'Ivanova & Büchs 2020, Energies 13(8):1909 (EU: 9.2 t per person alone, 4.6 t in 5+ households)',
      year: 2020,
    } satisfies Factor<number>,
    incomeRatio: {
      value: { low: 0.5, medium: 1, high: 2 },
      unit: 'income ÷ national median',
      source: 'MODEL.md §3.2',
      year: 2025,
      assumption: true,
    } satisfies Factor<Record<Level, number>>,
    incomeElasticity: {
      value: 0.6,
      unit: 'dimensionless',
      source: 'Pottier 2022, Ecological Economics 107251 (income elasticity below 1); 0.6 chosen in MODEL.md',
      year: 2022,
      assumption: true,
    } satisfies Factor<number>,
    houseSizeMultiplier: {
      value: { low: TDCV_KWH.low / TDCV_KWH.medium, medium: 1, high: TDCV_KWH.high / TDCV_KWH.medium },
      unit: 'home energy ÷ medium home',
      source: 'Ofgem Typical Domestic Consumption Values (2020 set), total kWh ratios',
      year: 2020,
    } satisfies Factor<Record<Level, number>>,
    weightHomeEnergy: {
      value: 0.2,
      unit: 'share of baseline',
      source: 'CAIT / Climate Watch World 2018 sector split (MODEL.md §3.2)',
      year: 2018,
      assumption: true,
    } satisfies Factor<number>,
    weightSurfaceTransport: {
      value: 0.15,
      unit: 'share of baseline',
      source: 'CAIT / Climate Watch World 2018 transport × ~2/3 passenger share (MODEL.md §3.2)',
      year: 2018,
      assumption: true,
    } satisfies Factor<number>,
    weightGoodsAndServices: { value: 0.65, unit: 'share of baseline', source: '1 − 0.20 − 0.15', year: 2018, assumption: true } satisfies Factor<number>,
    publicTransportRatio: {
      // Mean of local bus and national rail per passenger-km over a solo car per vehicle-km.
      value: (LOCAL_BUS + RAIL) / 2 / CAR,
      unit: 'public transport ÷ car emissions',
      source: DESNZ,
      year: 2025,
    } satisfies Factor<number>,
    dietPerDay: {
      value: { low: DIET_PER_DAY.lowMeat, medium: DIET_PER_DAY.mediumMeat, high: DIET_PER_DAY.highMeat },
      unit: 'kg CO2e per person per day',
      source: SCARBOROUGH,
      year: 2014,
    } satisfies Factor<Record<Level, number>>,
    daysPerYear: { value: 365, unit: 'days', source: 'calendar', year: 2025 } satisfies Factor<number>,
    airTravelShortHaulKm: {
      value: { low: 0, medium: 2_300, high: 2_300 },
      unit: 'passenger-km per person per year',
      source: 'MODEL.md §3.2: one short-haul return (LHR–BCN ≈ 1,148 km)',
      year: 2025,
      assumption: true,
    } satisfies Factor<Record<Level, number>>,
    airTravelLongHaulKm: {
      value: { low: 0, medium: 0, high: 13_400 },
      unit: 'passenger-km per person per year',
      source: 'MODEL.md §3.2: one long-haul return (LHR–DEL ≈ 6,732 km)',
      year: 2025,
      assumption: true,
    } satisfies Factor<Record<Level, number>>,
  },

  flights: {
    /** kg CO2e per passenger-km, by band and cabin, with/without radiative forcing. Includes DESNZ's 8% distance uplift. */
    perPassengerKm: { value: DESNZ_2025_AIR, unit: 'kg CO2e per passenger-km', source: DESNZ, year: 2025 } satisfies Factor<typeof DESNZ_2025_AIR>,
    earthRadiusKm: { value: 6371.0088, unit: 'km', source: 'IUGG mean Earth radius', year: 1980 } satisfies Factor<number>,
    domesticMaxKm: {
      value: 500,
      unit: 'km',
      source: 'MODEL.md §5: distance mode, UK domestic flights are mostly 300–900 km',
      year: 2025,
      assumption: true,
    } satisfies Factor<number>,
    shortHaulMaxKm: { value: 3_700, unit: 'km', source: `${DESNZ} (short-haul under 3,700 km)`, year: 2025 } satisfies Factor<number>,
    /**
     * Well-to-tank ("WTT- flights"): producing and delivering the fuel, the same with and without
     * RF. Not in the shipped CSV (which holds only the "Business travel- air" rows); copied from
     * the table of MODEL.md §5 (docs/decisions/0046).
     */
    wellToTankPerPassengerKm: {
      value: {
        domestic: { average: 0.0335 },
        shortHaul: { average: 0.02286, economy: 0.02249, business: 0.03373 },
        longHaul: { average: 0.03213, economy: 0.02461, premium: 0.03937, business: 0.07137, first: 0.09844 },
      },
      unit: 'kg CO2e per passenger-km',
      source: `${DESNZ}: WTT- flights (as tabled in MODEL.md §5)`,
      year: 2025,
    } satisfies Factor<Record<string, Record<string, number>>>,
  },

  surfaceTravel: {
    perPassengerKm: {
      value: { rail: RAIL, bus: LOCAL_BUS, coach: 0.02776 },
      unit: 'kg CO2e per passenger-km',
      source: `${DESNZ}: National rail, Average local bus, Coach`,
      year: 2025,
    } satisfies Factor<Record<'rail' | 'bus' | 'coach', number>>,
    carPerVehicleKm: { value: CAR, unit: 'kg CO2e per vehicle-km', source: `${DESNZ}: Average car, unknown fuel`, year: 2025 } satisfies Factor<number>,
  },

  hotel: {
    perRoomNight: { value: DESNZ_2025_HOTEL_ROOM_NIGHT, unit: 'kg CO2e per room-night', source: `${DESNZ}: Hotel stay`, year: 2025 } satisfies Factor<
      Readonly<Record<string, number>>
    >,
    /** Used where DESNZ publishes no figure for the country (e.g. Austria, Ireland, Poland). */
    fallbackCountry: { value: 'GB', unit: 'ISO 3166 alpha-2', source: 'MODEL.md §6 (the UK value)', year: 2025, assumption: true } satisfies Factor<string>,
  },

  meals: {
    perMeal: {
      value: {
        meatHeavy: DIET_PER_DAY.highMeat / MEALS_PER_DAY,
        standard: DIET_PER_DAY.mediumMeat / MEALS_PER_DAY,
        lowMeat: DIET_PER_DAY.lowMeat / MEALS_PER_DAY,
        fish: DIET_PER_DAY.fish / MEALS_PER_DAY,
        vegetarian: DIET_PER_DAY.vegetarian / MEALS_PER_DAY,
        vegan: DIET_PER_DAY.vegan / MEALS_PER_DAY,
      },
      unit: 'kg CO2e per meal',
      source: `${SCARBOROUGH}; a meal is a third of a day (MODEL.md §6)`,
      year: 2014,
      assumption: true,
    } satisfies Factor<Record<string, number>>,
  },

  spend: {
    /** NAICS used for event venue hire when the request names none. */
    defaultVenueNaics: { value: '531120', unit: '2017 NAICS', source: 'MODEL.md §6: Lessors of nonresidential buildings', year: 2021 } satisfies Factor<string>,
    source: {
      value: 'US EPA Supply Chain GHG Emission Factors v1.2, with margins',
      unit: 'kg CO2e per 2021 USD (purchaser price)',
      source: 'US EPA USEEIO v1.2 (see ./spend-factors.ts)',
      year: 2021,
    } satisfies Factor<string>,
  },
} as const;

export type MealType = keyof typeof CARBON_FACTORS.meals.perMeal.value;
// A literal (not Object.keys) so the schemas can import it without pulling in the factor table.
export const MEAL_TYPES = ['meatHeavy', 'standard', 'lowMeat', 'fish', 'vegetarian', 'vegan'] as const satisfies readonly MealType[];

/** Attribution to show wherever the numbers are shown (issue 10). */
export const CARBON_ATTRIBUTIONS = [
  'Country CO2 per person: Our World in Data, based on the Global Carbon Budget (CC BY 4.0)',
  'Flight, rail, road and hotel factors: UK DESNZ Greenhouse gas reporting conversion factors 2025 (Open Government Licence v3.0)',
  'Spend-based factors: US EPA Supply Chain GHG Emission Factors v1.2 (USEEIO, 2021 USD)',
  'Diet and meals: Scarborough et al. 2014, Climatic Change 125:179-192',
] as const;
