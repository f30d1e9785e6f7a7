import { CARBON_FACTORS, MEAL_TYPES, type MealType } from './factors.ts';
import { factorEntry, useFactor, type FactorUsed } from './factors-used.ts';
import { requireRadiativeForcing, requireWellToTank } from './flights.ts';
import { CARBON_LIMITS, CarbonInputError, footprint, requireList, requireNumber, requireOneOf, type FootprintResult } from './result.ts';
import { spendLine, type SpendLine } from './spend-factors.ts';
import { hotelStayKg, travelLegKg, type HotelStayInput, type TravelLegInput } from './travel.ts';

/**
 * Attendees who travel, stay and eat alike. `count` of them (default 1) each make every journey
 * in `travel`, stay every hotel stay and eat every meal listed.
 */
export interface AttendeeGroupInput {
  count?: number;
  travel?: TravelLegInput[];
  hotel?: HotelStayInput[];
  meals?: { type: MealType; count: number }[];
}

export interface EventInput {
  attendees: AttendeeGroupInput[];
  /** Venue hire in 2021 USD; category defaults to 531120 Lessors of nonresidential buildings. */
  venue?: { usd: number; naics?: string };
  /** Materials and other purchases, in 2021 USD by NAICS-6 category. */
  otherSpend?: SpendLine[];
  /** For flights; default true. */
  radiativeForcing?: boolean;
  /** Add well-to-tank to flights (default false). */
  wellToTank?: boolean;
}

export type EventComponent = 'travel' | 'accommodation' | 'catering' | 'venue' | 'otherSpend';
export type EventResult = FootprintResult<EventComponent> & { attendees: number; perAttendee: number };

/**
 * An event's footprint (MODEL.md §6): Σ over attendees of travel + room-nights × hotel factor
 * + meals × meal factor, plus venue and other spend × USEEIO factor, in kg CO2e.
 */
export function calculateEvent(input: EventInput): EventResult {
  if (!input || typeof input !== 'object') throw new CarbonInputError('attendees', 'attendees are required');
  const rf = { radiativeForcing: requireRadiativeForcing(input.radiativeForcing), wellToTank: requireWellToTank(input.wellToTank) };
  const factors: FactorUsed[] = [];
  const groups = requireList(input.attendees, 'attendees');
  if (groups.length === 0) throw new CarbonInputError('attendees', 'Add at least one attendee');
  const notes: string[] = [];
  const breakdown: Record<EventComponent, number> = { travel: 0, accommodation: 0, catering: 0, venue: 0, otherSpend: 0 };
  let attendees = 0;

  groups.forEach((group, g) => {
    const field = `attendees.${g}`;
    if (!group || typeof group !== 'object') throw new CarbonInputError(field, `${field} must be an object`);
    const count = group.count === undefined ? 1 : requireNumber(group.count, `${field}.count`, { min: 1, max: CARBON_LIMITS.maxAttendees, integer: true });
    attendees += count;
    requireList(group.travel, `${field}.travel`).forEach((leg, i) => {
      breakdown.travel += count * travelLegKg(leg, rf, `${field}.travel.${i}`, factors);
    });
    requireList(group.hotel, `${field}.hotel`).forEach((stay, i) => {
      breakdown.accommodation += count * hotelStayKg(stay, `${field}.hotel.${i}`, notes, factors);
    });
    requireList(group.meals, `${field}.meals`).forEach((meal, i) => {
      const at = `${field}.meals.${i}`;
      if (!meal || typeof meal !== 'object') throw new CarbonInputError(at, `${at} must be an object`);
      const type = requireOneOf(meal.type, MEAL_TYPES, `${at}.type`);
      const meals = requireNumber(meal.count, `${at}.count`, { max: CARBON_LIMITS.maxMealsPerAttendee, integer: true });
      breakdown.catering += count * meals * CARBON_FACTORS.meals.perMeal.value[type];
      useFactor(factors, factorEntry(`Meal, ${type}`, CARBON_FACTORS.meals.perMeal, CARBON_FACTORS.meals.perMeal.value[type]));
    });
  });
  if (attendees > CARBON_LIMITS.maxAttendees) throw new CarbonInputError('attendees', `An event may have at most ${CARBON_LIMITS.maxAttendees} attendees`);

  if (input.venue !== undefined) {
    if (!input.venue || typeof input.venue !== 'object') throw new CarbonInputError('venue', 'venue must be an object');
    const naics = input.venue.naics ?? CARBON_FACTORS.spend.defaultVenueNaics.value;
    breakdown.venue = spendLine({ naics, usd: input.venue.usd }, 'venue', factors).total;
  }
  requireList(input.otherSpend, 'otherSpend').forEach((line, i) => {
    breakdown.otherSpend += spendLine(line, `otherSpend.${i}`, factors).total;
  });

  const result = footprint(breakdown, notes, factors);
  return { ...result, attendees, perAttendee: result.total / attendees };
}
