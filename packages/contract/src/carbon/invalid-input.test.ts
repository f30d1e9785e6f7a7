import { describe, expect, it } from 'vitest';
import { calculateBusiness, calculateEvent, calculateFlights, calculateHousehold, CarbonInputError, type HouseholdInput } from './index.ts';

/** Runs `fn` and returns the field its CarbonInputError names. */
function rejectedField(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CarbonInputError);
    return (error as CarbonInputError).field;
  }
  throw new Error('expected the input to be rejected');
}

const valid: HouseholdInput = { carbonCountryPerCapita: 4.526, houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' };

describe('invalid inputs are rejected, naming the field', () => {
  it('household', () => {
    expect(rejectedField(() => calculateHousehold({ ...valid, houseHoldMembers: 0 }))).toBe('houseHoldMembers');
    expect(rejectedField(() => calculateHousehold({ ...valid, houseHoldMembers: 2.5 }))).toBe('houseHoldMembers');
    expect(rejectedField(() => calculateHousehold({ ...valid, publicTransportationMembers: -1 }))).toBe('publicTransportationMembers');
    expect(rejectedField(() => calculateHousehold({ ...valid, publicTransportationMembers: 3 }))).toBe('publicTransportationMembers');
    expect(rejectedField(() => calculateHousehold({ ...valid, income: 'huge' as never }))).toBe('income');
    expect(rejectedField(() => calculateHousehold({ ...valid, income: undefined as never }))).toBe('income');
    expect(rejectedField(() => calculateHousehold({ ...valid, meatConsumption: 'lots' as never }))).toBe('meatConsumption');
    expect(rejectedField(() => calculateHousehold({ ...valid, carbonCountryPerCapita: 0 }))).toBe('carbonCountryPerCapita');
    expect(rejectedField(() => calculateHousehold({ ...valid, carbonCountryPerCapita: Number.NaN }))).toBe('carbonCountryPerCapita');
  });

  it('flights', () => {
    expect(rejectedField(() => calculateFlights({ legs: [] }))).toBe('legs');
    expect(rejectedField(() => calculateFlights({ legs: [{ distanceKm: -1 }] }))).toBe('legs.0.distanceKm');
    expect(rejectedField(() => calculateFlights({ legs: [{ distanceKm: 30_000 }] }))).toBe('legs.0.distanceKm');
    expect(rejectedField(() => calculateFlights({ legs: [{}] }))).toBe('legs.0.distanceKm');
    expect(rejectedField(() => calculateFlights({ legs: [{ distanceKm: 100, travellers: 0 }] }))).toBe('legs.0.travellers');
    expect(rejectedField(() => calculateFlights({ legs: [{ distanceKm: 100, cabin: 'royal' as never }] }))).toBe('legs.0.cabin');
    expect(rejectedField(() => calculateFlights({ legs: [{ from: { latitude: 91, longitude: 0 }, to: { latitude: 0, longitude: 0 } }] }))).toBe('legs.0.from.latitude');
    expect(rejectedField(() => calculateFlights({ legs: [{ distanceKm: 100 }], radiativeForcing: 'yes' as never }))).toBe('radiativeForcing');
  });

  it('event', () => {
    expect(rejectedField(() => calculateEvent({ attendees: [] }))).toBe('attendees');
    expect(rejectedField(() => calculateEvent({ attendees: [{ count: -2 }] }))).toBe('attendees.0.count');
    expect(rejectedField(() => calculateEvent({ attendees: [{ hotel: [{ country: 'GB', nights: -1 }] }] }))).toBe('attendees.0.hotel.0.nights');
    expect(rejectedField(() => calculateEvent({ attendees: [{ hotel: [{ country: 'Britain', nights: 1 }] }] }))).toBe('attendees.0.hotel.0.country');
    expect(rejectedField(() => calculateEvent({ attendees: [{ meals: [{ type: 'pizza' as never, count: 1 }] }] }))).toBe('attendees.0.meals.0.type');
    expect(rejectedField(() => calculateEvent({ attendees: [{ travel: [{ mode: 'rail' }] }] }))).toBe('attendees.0.travel.0.distanceKm');
    expect(rejectedField(() => calculateEvent({ attendees: [{}], venue: { usd: -5 } }))).toBe('venue.usd');
  });

  it('business', () => {
    expect(rejectedField(() => calculateBusiness({}))).toBe('spend');
    expect(rejectedField(() => calculateBusiness({ spend: [{ naics: '999999', usd: 5 }] }))).toBe('spend.0.naics');
    expect(rejectedField(() => calculateBusiness({ spend: [{ naics: '481111', usd: -5 }] }))).toBe('spend.0.usd');
    expect(rejectedField(() => calculateBusiness({ surfaceTravel: [{ mode: 'flight', distanceKm: 5 }] }))).toBe('surfaceTravel.0.mode');
  });
});
