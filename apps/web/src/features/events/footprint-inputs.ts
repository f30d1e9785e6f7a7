import { CARBON_LIMITS, MEAL_TYPES, TRAVEL_MODES, type MealType, type TravelMode } from '@app/contract/carbon';
import type { AttendeeFootprintInputs } from '@app/contract/events';

/** What the attendee types into the footprint form: text as typed, turned into the calculator's inputs on submit. */
export interface JourneyDraft {
  mode: TravelMode;
  distanceKm: string;
  roundTrip: boolean;
}
export interface FootprintDraft {
  journeys: JourneyDraft[];
  hotelCountry: string;
  hotelNights: string;
  meals: Record<MealType, string>;
}

export const MODE_LABEL: Record<TravelMode, string> = { flight: 'Flight', rail: 'Train', bus: 'Bus', coach: 'Coach', car: 'Car' };
export const MEAL_LABEL: Record<MealType, string> = { meatHeavy: 'Meat-heavy', standard: 'Standard', lowMeat: 'Low meat', fish: 'Fish', vegetarian: 'Vegetarian', vegan: 'Vegan' };
export const MAX_JOURNEYS = 5;

export const emptyDraft = (): FootprintDraft => ({
  journeys: [{ mode: 'rail', distanceKm: '', roundTrip: true }],
  hotelCountry: '',
  hotelNights: '',
  meals: Object.fromEntries(MEAL_TYPES.map((type) => [type, ''])) as Record<MealType, string>,
});

const number = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/**
 * The draft as the event calculator's attendee inputs (packages/contract/src/carbon/event.ts), or
 * the fields to fix with a sentence each. The server checks everything again; this only saves a
 * round trip for the obvious mistakes.
 */
export function buildFootprintInputs(draft: FootprintDraft): { inputs: AttendeeFootprintInputs; errors: null } | { inputs: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const travel: NonNullable<AttendeeFootprintInputs['travel']> = [];
  draft.journeys.forEach((journey, i) => {
    const km = number(journey.distanceKm);
    if (km === null) return; // an empty row is no journey
    if (!TRAVEL_MODES.includes(journey.mode)) errors[`journey.${i}`] = 'Choose how you travel';
    else if (!Number.isFinite(km) || km <= 0) errors[`journey.${i}`] = 'Enter the distance in kilometres';
    else if (km > CARBON_LIMITS.maxDistanceKm) errors[`journey.${i}`] = `A journey is at most ${CARBON_LIMITS.maxDistanceKm.toLocaleString('en-GB')} km`;
    else travel.push({ mode: journey.mode, distanceKm: km, roundTrip: journey.roundTrip });
  });

  const hotel: NonNullable<AttendeeFootprintInputs['hotel']> = [];
  const nights = number(draft.hotelNights);
  if (nights !== null && nights !== 0) {
    const country = draft.hotelCountry.trim().toUpperCase();
    if (!Number.isFinite(nights) || nights < 0 || nights > CARBON_LIMITS.maxNights) errors.hotelNights = `Enter between 0 and ${CARBON_LIMITS.maxNights} nights`;
    else if (!/^[A-Z]{2}$/.test(country)) errors.hotelCountry = 'Enter the two-letter country code of the hotel, e.g. GB';
    else hotel.push({ country, nights });
  }

  const meals: NonNullable<AttendeeFootprintInputs['meals']> = [];
  for (const type of MEAL_TYPES) {
    const count = number(draft.meals[type] ?? '');
    if (count === null || count === 0) continue;
    if (!Number.isInteger(count) || count < 0 || count > 100) errors[`meal.${type}`] = 'Enter a whole number of meals, at most 100';
    else meals.push({ type, count });
  }

  if (Object.keys(errors).length > 0) return { inputs: null, errors };
  if (travel.length === 0 && hotel.length === 0 && meals.length === 0) return { inputs: null, errors: { form: 'Add a journey, a hotel stay or your meals' } };
  return { inputs: { travel, hotel, meals }, errors: null };
}

/** kg CO2e for people: whole kilograms below a tonne, tonnes with one decimal above. */
export function formatKg(kg: number): string {
  if (kg >= 1000) return `${(kg / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} t CO2e`;
  return `${Math.round(kg).toLocaleString('en-GB')} kg CO2e`;
}
