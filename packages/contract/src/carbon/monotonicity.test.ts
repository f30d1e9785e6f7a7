import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateEvent, calculateFlights, calculateHousehold, LEVELS, type FlightLegInput, type HouseholdInput, type Level } from './index.ts';

/** Floating-point sums may differ in the last bits; "never lowers" allows for that and no more. */
const notLower = (after: number, before: number) => expect(after).toBeGreaterThanOrEqual(before - 1e-9 * Math.max(1, Math.abs(before)));

const level = fc.constantFrom<Level>(...LEVELS);
const household = fc
  .record({
    carbonCountryPerCapita: fc.double({ min: 0.05, max: 50, noNaN: true }),
    houseHoldMembers: fc.integer({ min: 1, max: 49 }),
    publicShare: fc.double({ min: 0, max: 1, noNaN: true }),
    income: level,
    houseSize: level,
    airTravel: level,
    meatConsumption: level,
  })
  .map(({ publicShare, ...rest }): HouseholdInput => ({ ...rest, publicTransportationMembers: Math.floor(publicShare * rest.houseHoldMembers) }));

const higher = (value: Level): Level => (value === 'low' ? 'medium' : 'high');

describe('household monotonicity (fast-check)', () => {
  it('one more member never lowers the household total', () => {
    fc.assert(
      fc.property(household, (input) => {
        notLower(calculateHousehold({ ...input, houseHoldMembers: input.houseHoldMembers + 1 }).total, calculateHousehold(input).total);
      }),
    );
  });

  it('one more member never raises the footprint per person (economies of scale)', () => {
    fc.assert(
      fc.property(household, (input) => {
        const bigger = calculateHousehold({ ...input, houseHoldMembers: input.houseHoldMembers + 1, publicTransportationMembers: 0 });
        notLower(calculateHousehold({ ...input, publicTransportationMembers: 0 }).perPerson, bigger.perPerson);
      }),
    );
  });

  it('more meat, more flying, a bigger house or a higher income never lowers the total', () => {
    fc.assert(
      fc.property(household, fc.constantFrom('meatConsumption', 'airTravel', 'houseSize', 'income') as fc.Arbitrary<'meatConsumption'>, (input, key) => {
        notLower(calculateHousehold({ ...input, [key]: higher(input[key] ?? 'medium') }).total, calculateHousehold(input).total);
      }),
    );
  });

  it('moving a member to public transport never raises the total', () => {
    fc.assert(
      fc.property(household, (input) => {
        fc.pre((input.publicTransportationMembers ?? 0) < input.houseHoldMembers);
        const moved = calculateHousehold({ ...input, publicTransportationMembers: (input.publicTransportationMembers ?? 0) + 1 });
        notLower(calculateHousehold(input).total, moved.total);
      }),
    );
  });
});

const leg: fc.Arbitrary<FlightLegInput> = fc.record({
  distanceKm: fc.double({ min: 0, max: 20_000, noNaN: true }),
  cabin: fc.constantFrom('average', 'economy', 'premium', 'business', 'first'),
  roundTrip: fc.boolean(),
  travellers: fc.integer({ min: 1, max: 20 }),
});

describe('flights monotonicity (fast-check)', () => {
  it('another flight never lowers the total', () => {
    fc.assert(
      fc.property(fc.array(leg, { minLength: 1, maxLength: 8 }), leg, fc.boolean(), (legs, extra, radiativeForcing) => {
        notLower(calculateFlights({ legs: [...legs, extra], radiativeForcing }).total, calculateFlights({ legs, radiativeForcing }).total);
      }),
    );
  });

  it('more travellers or a round trip never lowers a leg; radiative forcing never lowers it either', () => {
    fc.assert(
      fc.property(leg, (one) => {
        const base = calculateFlights({ legs: [one] }).total;
        notLower(calculateFlights({ legs: [{ ...one, travellers: (one.travellers ?? 1) + 1 }] }).total, base);
        notLower(calculateFlights({ legs: [{ ...one, roundTrip: true }] }).total, base);
        notLower(base, calculateFlights({ legs: [one], radiativeForcing: false }).total);
      }),
    );
  });
});

describe('event monotonicity (fast-check)', () => {
  it('more meat-heavy meals in place of vegetarian ones never lowers the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (count, meatMeals, swapped) => {
        const meals = (meat: number, veg: number) => calculateEvent({ attendees: [{ count, meals: [{ type: 'meatHeavy', count: meat }, { type: 'vegetarian', count: veg }] }] }).total;
        notLower(meals(meatMeals + swapped, 0), meals(meatMeals, swapped));
      }),
    );
  });
});
