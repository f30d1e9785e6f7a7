import { CARBON_FACTORS } from './factors.ts';
import { factorEntry, useFactor, type FactorUsed } from './factors-used.ts';
import { greatCircleKm, requireCoordinates, type Coordinates } from './geo.ts';
import { CARBON_LIMITS, CarbonInputError, footprint, requireList, requireNumber, requireOneOf, type FootprintResult } from './result.ts';

export const CABIN_CLASSES = ['average', 'economy', 'premium', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

/** Distance-mode bands (MODEL.md §5.3), named after the DESNZ "to/from UK" rows they use. */
export type HaulBand = 'domestic' | 'shortHaul' | 'longHaul';

/** One flight: a distance in km, or the two airports' coordinates (great-circle distance). */
export interface FlightLegInput {
  distanceKm?: number;
  from?: Coordinates;
  to?: Coordinates;
  /** Default `average` (DESNZ "Average passenger"). */
  cabin?: CabinClass;
  /** Counts the leg twice (default false). */
  roundTrip?: boolean;
  /** Passengers on this leg (default 1). */
  travellers?: number;
}

export interface FlightsInput {
  legs: FlightLegInput[];
  /** Include the non-CO2 effects of aviation (DESNZ "With RF"); default true (MODEL.md §5.5). */
  radiativeForcing?: boolean;
  /** Add the DESNZ well-to-tank factor of the same band and cabin; default false (MODEL.md §5.6). */
  wellToTank?: boolean;
}

/** The two switches every flight calculation takes. */
export interface FlightOptions {
  radiativeForcing: boolean;
  wellToTank?: boolean;
}

export interface FlightLegResult {
  distanceKm: number;
  band: HaulBand;
  /** The cabin whose factor was used: DESNZ publishes fewer cabins for shorter bands. */
  cabinApplied: CabinClass;
  kgPerPassengerKm: number;
  /** The well-to-tank factor added (0 when the switch is off); included in kgPerPassengerKm. */
  wttKgPerPassengerKm: number;
  /** Passenger-km flown: distance × (2 if round trip) × travellers. */
  passengerKm: number;
  total: number;
}

export type FlightsResult = FootprintResult<HaulBand> & { legs: FlightLegResult[] };

/**
 * The band for a great-circle distance: ≤ 500 km domestic, ≤ 3,700 km short-haul, else
 * long-haul. The boundaries belong to the shorter band (500 → domestic, 3,700 → short-haul).
 */
export function haulBand(distanceKm: number): HaulBand {
  if (distanceKm <= CARBON_FACTORS.flights.domesticMaxKm.value) return 'domestic';
  if (distanceKm <= CARBON_FACTORS.flights.shortHaulMaxKm.value) return 'shortHaul';
  return 'longHaul';
}

/**
 * DESNZ has only "average" for domestic, and no premium or first for short-haul: premium maps
 * to economy and first to business there (MODEL.md §5.4).
 */
export function cabinForBand(band: HaulBand, cabin: CabinClass): CabinClass {
  if (band === 'domestic') return 'average';
  if (band === 'shortHaul') return cabin === 'premium' ? 'economy' : cabin === 'first' ? 'business' : cabin;
  return cabin;
}

/** kg CO2e per passenger-km for a band and cabin. */
export function flightFactor(band: HaulBand, cabin: CabinClass, radiativeForcing: boolean): number {
  const row = CARBON_FACTORS.flights.perPassengerKm.value[band] as Record<string, { withRf: number; withoutRf: number }>;
  const factors = row[cabinForBand(band, cabin)];
  return radiativeForcing ? factors.withRf : factors.withoutRf;
}

/** kg CO2e per passenger-km of well-to-tank fuel supply for a band and cabin (same with and without RF). */
export function flightWellToTankFactor(band: HaulBand, cabin: CabinClass): number {
  const row = CARBON_FACTORS.flights.wellToTankPerPassengerKm.value[band] as Record<string, number>;
  return row[cabinForBand(band, cabin)];
}

const BAND_NAMES: Record<HaulBand, string> = { domestic: 'domestic', shortHaul: 'short-haul', longHaul: 'long-haul' };

/** Lists the flight factors of a band and cabin in a result's factors. */
export function useFlightFactors(factors: FactorUsed[] | undefined, band: HaulBand, cabin: CabinClass, options: FlightOptions): void {
  if (!factors) return;
  const applied = cabinForBand(band, cabin);
  const f = CARBON_FACTORS.flights;
  useFactor(factors, factorEntry(`Flight, ${BAND_NAMES[band]}, ${applied}, ${options.radiativeForcing ? 'with' : 'without'} RF`, f.perPassengerKm, flightFactor(band, applied, options.radiativeForcing)));
  if (options.wellToTank) useFactor(factors, factorEntry(`Flight well-to-tank, ${BAND_NAMES[band]}, ${applied}`, f.wellToTankPerPassengerKm, flightWellToTankFactor(band, applied)));
}

/**
 * One leg's footprint. The DESNZ factors already carry the 8% uplift for indirect routing, so
 * the plain great-circle distance is used (MODEL.md §5.2: do not add it again).
 */
export function flightLeg(leg: FlightLegInput, options: boolean | FlightOptions, field = 'leg', factors?: FactorUsed[]): FlightLegResult {
  const { radiativeForcing, wellToTank = false } = typeof options === 'boolean' ? { radiativeForcing: options } : options;
  if (!leg || typeof leg !== 'object') throw new CarbonInputError(field, `${field} must be an object`);
  let distanceKm: number;
  if (leg.distanceKm !== undefined) {
    distanceKm = requireNumber(leg.distanceKm, `${field}.distanceKm`, { max: CARBON_LIMITS.maxDistanceKm });
  } else if (leg.from !== undefined || leg.to !== undefined) {
    distanceKm = greatCircleKm(requireCoordinates(leg.from, `${field}.from`), requireCoordinates(leg.to, `${field}.to`));
  } else {
    throw new CarbonInputError(`${field}.distanceKm`, `${field} needs distanceKm or from and to`);
  }
  const cabin = leg.cabin === undefined ? 'average' : requireOneOf(leg.cabin, CABIN_CLASSES, `${field}.cabin`);
  const travellers = leg.travellers === undefined ? 1 : requireNumber(leg.travellers, `${field}.travellers`, { min: 1, max: CARBON_LIMITS.maxTravellers, integer: true });
  if (leg.roundTrip !== undefined && typeof leg.roundTrip !== 'boolean') throw new CarbonInputError(`${field}.roundTrip`, `${field}.roundTrip must be true or false`);

  const band = haulBand(distanceKm);
  const wttKgPerPassengerKm = wellToTank ? flightWellToTankFactor(band, cabin) : 0;
  const kgPerPassengerKm = flightFactor(band, cabin, radiativeForcing) + wttKgPerPassengerKm;
  const passengerKm = distanceKm * (leg.roundTrip ? 2 : 1) * travellers;
  useFlightFactors(factors, band, cabin, { radiativeForcing, wellToTank });
  return { distanceKm, band, cabinApplied: cabinForBand(band, cabin), kgPerPassengerKm, wttKgPerPassengerKm, passengerKm, total: passengerKm * kgPerPassengerKm };
}

export function requireWellToTank(value: unknown, field = 'wellToTank'): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new CarbonInputError(field, `${field} must be true or false`);
  return value;
}

export function requireRadiativeForcing(value: unknown, field = 'radiativeForcing'): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'boolean') throw new CarbonInputError(field, `${field} must be true or false`);
  return value;
}

/** Flights footprint: every leg, and the total per band, in kg CO2e. */
export function calculateFlights(input: FlightsInput): FlightsResult {
  if (!input || typeof input !== 'object') throw new CarbonInputError('legs', 'legs are required');
  const options = { radiativeForcing: requireRadiativeForcing(input.radiativeForcing), wellToTank: requireWellToTank(input.wellToTank) };
  const legInputs = requireList(input.legs, 'legs');
  if (legInputs.length === 0) throw new CarbonInputError('legs', 'Add at least one flight');
  const factors: FactorUsed[] = [];
  const legs = legInputs.map((leg, i) => flightLeg(leg, options, `legs.${i}`, factors));
  const breakdown: Record<HaulBand, number> = { domestic: 0, shortHaul: 0, longHaul: 0 };
  for (const leg of legs) breakdown[leg.band] += leg.total;
  return { ...footprint(breakdown, [], factors), legs };
}
