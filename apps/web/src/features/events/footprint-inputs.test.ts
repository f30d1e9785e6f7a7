import { describe, expect, it } from 'vitest';
import { buildFootprintInputs, emptyDraft, formatKg } from './footprint-inputs.ts';

describe('buildFootprintInputs', () => {
  it('turns the typed draft into the calculator inputs, skipping empty rows', () => {
    const draft = emptyDraft();
    draft.journeys = [
      { mode: 'rail', distanceKm: '120,5', roundTrip: true },
      { mode: 'car', distanceKm: '', roundTrip: false },
    ];
    draft.hotelCountry = 'gb';
    draft.hotelNights = '2';
    draft.meals.vegan = '3';
    expect(buildFootprintInputs(draft)).toEqual({
      inputs: { travel: [{ mode: 'rail', distanceKm: 120.5, roundTrip: true }], hotel: [{ country: 'GB', nights: 2 }], meals: [{ type: 'vegan', count: 3 }] },
      errors: null,
    });
  });

  it('names what to fix', () => {
    const draft = emptyDraft();
    draft.journeys = [{ mode: 'flight', distanceKm: '-5', roundTrip: false }];
    draft.hotelNights = '2';
    draft.meals.fish = '1.5';
    const result = buildFootprintInputs(draft);
    expect(result.errors).toEqual({ 'journey.0': 'Enter the distance in kilometres', hotelCountry: expect.any(String), 'meal.fish': expect.any(String) });
    expect(buildFootprintInputs(emptyDraft()).errors).toEqual({ form: 'Add a journey, a hotel stay or your meals' });
  });

  it('formats kilograms for people', () => {
    expect(formatKg(12.4)).toBe('12 kg CO2e');
    expect(formatKg(1530)).toBe('1.5 t CO2e');
  });
});
