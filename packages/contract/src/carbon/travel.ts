import { CARBON_FACTORS } from './factors.ts';
import { factorEntry, useFactor, type FactorUsed } from './factors-used.ts';
import { flightLeg, type FlightLegInput, type FlightOptions } from './flights.ts';
import { CARBON_LIMITS, CarbonInputError, requireNumber, requireOneOf } from './result.ts';

export const TRAVEL_MODES = ['flight', 'rail', 'bus', 'coach', 'car'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/**
 * One journey of an event attendee or a business trip. Flights take the fields of a flight leg
 * (distance or coordinates, cabin); cars are shared by `occupants` (default 1). `trips` repeats
 * the journey, e.g. a daily commute on each day of an event.
 */
export interface TravelLegInput extends Omit<FlightLegInput, 'travellers'> {
  mode: TravelMode;
  occupants?: number;
  trips?: number;
}

/** kg CO2e of one traveller's journey (all its trips, both ways when roundTrip). */
export function travelLegKg(leg: TravelLegInput, options: boolean | FlightOptions, field: string, factors?: FactorUsed[]): number {
  if (!leg || typeof leg !== 'object') throw new CarbonInputError(field, `${field} must be an object`);
  const mode = requireOneOf(leg.mode, TRAVEL_MODES, `${field}.mode`);
  const trips = leg.trips === undefined ? 1 : requireNumber(leg.trips, `${field}.trips`, { min: 1, max: CARBON_LIMITS.maxTrips, integer: true });
  if (mode === 'flight') return trips * flightLeg({ ...leg, travellers: 1 }, options, field, factors).total;

  if (leg.distanceKm === undefined) throw new CarbonInputError(`${field}.distanceKm`, `${field}.distanceKm is required for ${mode}`);
  const distanceKm = requireNumber(leg.distanceKm, `${field}.distanceKm`, { max: CARBON_LIMITS.maxDistanceKm });
  if (leg.roundTrip !== undefined && typeof leg.roundTrip !== 'boolean') throw new CarbonInputError(`${field}.roundTrip`, `${field}.roundTrip must be true or false`);
  const km = distanceKm * (leg.roundTrip ? 2 : 1) * trips;
  if (mode === 'car') {
    const occupants = leg.occupants === undefined ? 1 : requireNumber(leg.occupants, `${field}.occupants`, { min: 1, max: CARBON_LIMITS.maxCarOccupants, integer: true });
    useFactor(factors, factorEntry('Car, average, unknown fuel', CARBON_FACTORS.surfaceTravel.carPerVehicleKm, CARBON_FACTORS.surfaceTravel.carPerVehicleKm.value));
    return (km * CARBON_FACTORS.surfaceTravel.carPerVehicleKm.value) / occupants;
  }
  const perKm = CARBON_FACTORS.surfaceTravel.perPassengerKm;
  useFactor(factors, factorEntry({ rail: 'National rail', bus: 'Average local bus', coach: 'Coach' }[mode], perKm, perKm.value[mode]));
  return km * perKm.value[mode];
}

const HOTEL_COUNTRY = /^[A-Z]{2}(-LND)?$/;

/** One hotel stay: nights in a country (ISO alpha-2; `GB-LND` for London), one guest per room. */
export interface HotelStayInput {
  country: string;
  nights: number;
}

/**
 * kg CO2e of a stay. Countries DESNZ publishes no figure for use the UK value (MODEL.md §6);
 * the caller is told through `notes`.
 */
export function hotelStayKg(stay: HotelStayInput, field: string, notes: string[], factors?: FactorUsed[]): number {
  if (!stay || typeof stay !== 'object') throw new CarbonInputError(field, `${field} must be an object`);
  if (typeof stay.country !== 'string' || !HOTEL_COUNTRY.test(stay.country)) {
    throw new CarbonInputError(`${field}.country`, `${field}.country must be an ISO 3166 alpha-2 country code`);
  }
  const nights = requireNumber(stay.nights, `${field}.nights`, { max: CARBON_LIMITS.maxNights });
  const table = CARBON_FACTORS.hotel.perRoomNight.value;
  let perNight = table[stay.country];
  if (perNight === undefined) {
    const fallback = CARBON_FACTORS.hotel.fallbackCountry.value;
    perNight = table[fallback];
    const note = `No DESNZ hotel factor for ${stay.country}: used the ${fallback} value of ${perNight} kg CO2e per room-night`;
    if (!notes.includes(note)) notes.push(note);
  }
  useFactor(factors, factorEntry(`Hotel room-night, ${table[stay.country] === undefined ? CARBON_FACTORS.hotel.fallbackCountry.value : stay.country}`, CARBON_FACTORS.hotel.perRoomNight, perNight));
  return nights * perNight;
}
