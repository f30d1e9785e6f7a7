import type { FactorUsed } from './factors-used.ts';
import { flightLeg, requireRadiativeForcing, requireWellToTank, type FlightLegInput } from './flights.ts';
import { CarbonInputError, footprint, requireList, type FootprintResult } from './result.ts';
import { spendLine, type SpendLine, type SpendLineResult } from './spend-factors.ts';
import { hotelStayKg, travelLegKg, type HotelStayInput, type TravelLegInput } from './travel.ts';

/**
 * A business's footprint over a period: purchases by category (spend-based, GHG Protocol
 * Scope 3 category 1 style) plus activity data where it exists. A trip counted as activity
 * must not also be in `spend` (MODEL.md §7).
 */
export interface BusinessInput {
  spend?: SpendLine[];
  flights?: FlightLegInput[];
  hotelStays?: HotelStayInput[];
  surfaceTravel?: TravelLegInput[];
  radiativeForcing?: boolean;
  /** Add well-to-tank to flights (default false). */
  wellToTank?: boolean;
}

export type BusinessComponent = 'purchasedGoodsAndServices' | 'flights' | 'hotels' | 'surfaceTravel';
export type BusinessResult = FootprintResult<BusinessComponent> & { spendLines: SpendLineResult[] };

export function calculateBusiness(input: BusinessInput): BusinessResult {
  if (!input || typeof input !== 'object') throw new CarbonInputError('spend', 'spend or activity data is required');
  const rf = { radiativeForcing: requireRadiativeForcing(input.radiativeForcing), wellToTank: requireWellToTank(input.wellToTank) };
  const factors: FactorUsed[] = [];
  const notes: string[] = [];
  const spendLines = requireList(input.spend, 'spend').map((line, i) => spendLine(line, `spend.${i}`, factors));
  const flights = requireList(input.flights, 'flights').map((leg, i) => flightLeg(leg, rf, `flights.${i}`, factors));
  const hotels = requireList(input.hotelStays, 'hotelStays').map((stay, i) => hotelStayKg(stay, `hotelStays.${i}`, notes, factors));
  const surface = requireList(input.surfaceTravel, 'surfaceTravel').map((leg, i) => {
    if (leg && leg.mode === 'flight') throw new CarbonInputError(`surfaceTravel.${i}.mode`, 'Put flights under flights');
    return travelLegKg(leg, rf, `surfaceTravel.${i}`, factors);
  });
  if (spendLines.length + flights.length + hotels.length + surface.length === 0) {
    throw new CarbonInputError('spend', 'Add at least one purchase, flight, hotel stay or journey');
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const result = footprint<BusinessComponent>(
    {
      purchasedGoodsAndServices: sum(spendLines.map((line) => line.total)),
      flights: sum(flights.map((leg) => leg.total)),
      hotels: sum(hotels),
      surfaceTravel: sum(surface),
    },
    notes,
    factors,
  );
  return { ...result, spendLines };
}
