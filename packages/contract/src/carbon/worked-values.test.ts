import { describe, expect, it } from 'vitest';
import { CARBON_FACTORS, MEAL_TYPES, calculateBusiness, calculateEvent, calculateFlights, calculateHousehold, FACTOR_SET_YEAR, flightLeg, greatCircleKm, householdSizeMultiplier, type Coordinates } from './index.ts';

/** OurAirports coordinates as shipped in apps/api/data/airports.min.json. */
const AIRPORT: Record<string, Coordinates> = {
  LHR: { latitude: 51.4706, longitude: -0.46194 },
  JFK: { latitude: 40.63945, longitude: -73.77932 },
  CDG: { latitude: 49.0128, longitude: 2.55 },
  BCN: { latitude: 41.2971, longitude: 2.07846 },
  DEL: { latitude: 28.55563, longitude: 77.09519 },
  BOM: { latitude: 19.0887, longitude: 72.8679 },
};

/** MODEL.md §9: worked values hold to ±0.1 kg (toBeCloseTo(x, 1) is ±0.05; use an explicit bound). */
const within = (actual: number, expected: number, tolerance = 0.1) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);

const medium2 = { houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' as const };

describe('household worked values (MODEL.md §4)', () => {
  it('H1 United Kingdom, B = 4.526 t: 14,663.2 kg', () => {
    const result = calculateHousehold({ ...medium2, carbonCountryPerCapita: 4.526 });
    const base = result.breakdown.homeEnergy + result.breakdown.surfaceTransport + result.breakdown.goodsAndServices;
    within(base, 9965.1);
    within(result.breakdown.diet, 4109.9);
    within(result.breakdown.flights, 588.2);
    within(result.total, 14663.2);
    within(result.perPerson, 7331.6);
    expect(Math.round(result.perPerson / 10) / 100).toBe(7.33);
    expect(result.unit).toBe('kg CO2e');
    expect(result.factorSetYear).toBe(FACTOR_SET_YEAR);
  });

  it('H2 India, B = 2.201 t: 9,544.1 kg', () => {
    const result = calculateHousehold({ ...medium2, carbonCountryPerCapita: 2.201 });
    within(result.breakdown.homeEnergy + result.breakdown.surfaceTransport + result.breakdown.goodsAndServices, 4846.0);
    within(result.breakdown.diet, 4109.9);
    within(result.breakdown.flights, 588.2);
    within(result.total, 9544.1);
    // "(4.77 t per person)", as MODEL.md rounds it.
    expect(Math.round(result.perPerson / 10) / 100).toBe(4.77);
  });

  it('consumption mode: UK B = 7.631 gives 21,499.6 kg, India B = 1.739 gives 8,526.9 kg', () => {
    within(calculateHousehold({ ...medium2, carbonCountryPerCapita: 7.631 }).total, 21499.6);
    within(calculateHousehold({ ...medium2, carbonCountryPerCapita: 1.739 }).total, 8526.9);
  });

  it('the defaults are medium: omitting houseSize, airTravel and meatConsumption changes nothing', () => {
    const explicit = calculateHousehold({ ...medium2, carbonCountryPerCapita: 4.526, houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' });
    expect(calculateHousehold({ carbonCountryPerCapita: 4.526, houseHoldMembers: 2, income: 'medium' })).toEqual(explicit);
  });

  it('m_hh for N = 1…6 and N = 2.5 (MODEL.md §3.2)', () => {
    const expected = [1.4838, 1.1009, 0.9245, 0.8168, 0.7419, 0.6859];
    expected.forEach((value, i) => expect(householdSizeMultiplier(i + 1)).toBeCloseTo(value, 4));
    expect(householdSizeMultiplier(2.5)).toBe(1);
  });

  it('air travel levels: medium 294.08 kg and high 2,341.87 kg per person', () => {
    const one = { carbonCountryPerCapita: 4.526, houseHoldMembers: 1, income: 'medium' as const };
    expect(calculateHousehold({ ...one, airTravel: 'medium' }).breakdown.flights).toBeCloseTo(294.08, 2);
    expect(calculateHousehold({ ...one, airTravel: 'high' }).breakdown.flights).toBeCloseTo(2341.87, 2);
    expect(calculateHousehold({ ...one, airTravel: 'low' }).breakdown.flights).toBe(0);
  });
});

describe('flights (MODEL.md §9, distance mode, one way, one passenger)', () => {
  const route = (from: string, to: string, cabin: 'average' | 'economy' = 'average') => flightLeg({ from: AIRPORT[from], to: AIRPORT[to], cabin }, true);

  it('LHR→JFK 5,539.7 km, long-haul economy with RF: 648.4 kg', () => {
    const leg = route('LHR', 'JFK', 'economy');
    within(leg.distanceKm, 5539.7, 0.5);
    expect(leg.band).toBe('longHaul');
    within(leg.total, 648.4);
  });

  it('LHR→CDG 347.2 km, domestic average with RF: 79.6 kg', () => {
    const leg = route('LHR', 'CDG');
    within(leg.distanceKm, 347.2, 0.5);
    expect(leg.band).toBe('domestic');
    within(leg.total, 79.6);
  });

  it('DEL→BOM 1,136.8 km, short-haul average with RF: 145.4 kg', () => {
    const leg = route('DEL', 'BOM');
    within(leg.distanceKm, 1136.8, 0.5);
    expect(leg.band).toBe('shortHaul');
    within(leg.total, 145.4);
  });

  it('band boundaries belong to the shorter band: 500 → 114.6, 3,700 → 473.1, 3,700.5 → 565.5', () => {
    const at = (distanceKm: number) => flightLeg({ distanceKm }, true);
    expect(at(500).band).toBe('domestic');
    within(at(500).total, 114.6);
    expect(at(500.01).band).toBe('shortHaul');
    expect(at(3700).band).toBe('shortHaul');
    within(at(3700).total, 473.1);
    expect(at(3700.5).band).toBe('longHaul');
    within(at(3700.5).total, 565.5);
  });

  it('0 km is 0; a round trip is twice one way; travellers multiply', () => {
    expect(flightLeg({ distanceKm: 0 }, true).total).toBe(0);
    const oneWay = flightLeg({ from: AIRPORT.LHR, to: AIRPORT.JFK }, true).total;
    expect(flightLeg({ from: AIRPORT.LHR, to: AIRPORT.JFK, roundTrip: true }, true).total).toBeCloseTo(2 * oneWay, 9);
    expect(flightLeg({ from: AIRPORT.LHR, to: AIRPORT.JFK, roundTrip: true, travellers: 3 }, true).total).toBeCloseTo(6 * oneWay, 9);
  });

  it('without radiative forcing uses the DESNZ "Without RF" factors', () => {
    expect(flightLeg({ distanceKm: 1000, cabin: 'economy' }, false).kgPerPassengerKm).toBe(0.07435);
    expect(flightLeg({ distanceKm: 6000, cabin: 'first' }, false).kgPerPassengerKm).toBe(0.27701);
  });

  it('cabins DESNZ does not publish map down: domestic is average, short-haul premium→economy, first→business', () => {
    expect(flightLeg({ distanceKm: 400, cabin: 'first' }, true).cabinApplied).toBe('average');
    expect(flightLeg({ distanceKm: 1000, cabin: 'premium' }, true).kgPerPassengerKm).toBe(0.12576);
    expect(flightLeg({ distanceKm: 1000, cabin: 'first' }, true).kgPerPassengerKm).toBe(0.18863);
    expect(flightLeg({ distanceKm: 6000, cabin: 'premium' }, true).kgPerPassengerKm).toBe(0.18726);
  });

  it('calculateFlights adds legs up by band', () => {
    const result = calculateFlights({ legs: [{ distanceKm: 300 }, { distanceKm: 1000, roundTrip: true }, { distanceKm: 6000, travellers: 2 }] });
    within(result.breakdown.domestic, 300 * 0.22928, 1e-9);
    within(result.breakdown.shortHaul, 2000 * 0.12786, 1e-9);
    within(result.breakdown.longHaul, 12000 * 0.15282, 1e-9);
    within(result.total, 300 * 0.22928 + 2000 * 0.12786 + 12000 * 0.15282, 1e-9);
    expect(result.legs).toHaveLength(3);
  });

  it('great-circle distance is symmetric and 0 for the same point', () => {
    expect(greatCircleKm(AIRPORT.LHR, AIRPORT.LHR)).toBe(0);
    expect(greatCircleKm(AIRPORT.JFK, AIRPORT.LHR)).toBeCloseTo(greatCircleKm(AIRPORT.LHR, AIRPORT.JFK), 9);
  });
});

/** E1 (MODEL.md §6): a two-day conference in London, 100 attendees. */
const E1_EVENT = {
  attendees: [
    {
      count: 60,
      travel: [{ mode: 'rail' as const, distanceKm: 30, roundTrip: true, trips: 2 }],
      meals: [{ type: 'standard' as const, count: 2 }, { type: 'vegetarian' as const, count: 2 }],
    },
    {
      count: 30,
      travel: [{ mode: 'flight' as const, from: AIRPORT.LHR, to: AIRPORT.BCN, roundTrip: true }],
      hotel: [{ country: 'GB', nights: 2 }],
      meals: [{ type: 'standard' as const, count: 2 }, { type: 'vegetarian' as const, count: 2 }],
    },
    {
      count: 10,
      travel: [{ mode: 'flight' as const, from: AIRPORT.LHR, to: AIRPORT.JFK, roundTrip: true }],
      hotel: [{ country: 'GB', nights: 2 }],
      meals: [{ type: 'standard' as const, count: 2 }, { type: 'vegetarian' as const, count: 2 }],
    },
  ],
  venue: { usd: 20_000 },
};

describe('event E1 (MODEL.md §6)', () => {
  it('totals 34,473.0 kg, 344.7 kg per attendee, with the parts of the worked table', () => {
    const result = calculateEvent(E1_EVENT);
    // The table's rows are rounded to 0.1 kg each, so their sum may be off by up to 0.15.
    within(result.breakdown.travel, 255.3 + 8804.8 + 16931.6, 0.15);
    within(result.breakdown.accommodation, 832.0);
    within(result.breakdown.catering, 629.3);
    within(result.breakdown.venue, 7020.0);
    within(result.total, 34473.0);
    expect(result.attendees).toBe(100);
    within(result.perAttendee, 344.7, 0.05);
  });

  it('hotel countries without a DESNZ figure use the UK value and say so', () => {
    const result = calculateEvent({ attendees: [{ hotel: [{ country: 'AT', nights: 1 }] }] });
    expect(result.total).toBe(10.4);
    expect(result.notes[0]).toContain('AT');
    expect(calculateEvent({ attendees: [{ hotel: [{ country: 'GB-LND', nights: 1 }] }] }).total).toBe(11.5);
  });

  it('offers exactly the meal types the factor table prices', () => {
    expect([...MEAL_TYPES].sort()).toEqual(Object.keys(CARBON_FACTORS.meals.perMeal.value).sort());
  });

  it('car journeys are shared by their occupants', () => {
    const solo = calculateEvent({ attendees: [{ travel: [{ mode: 'car', distanceKm: 100 }] }] }).total;
    expect(solo).toBeCloseTo(16.725, 9);
    expect(calculateEvent({ attendees: [{ travel: [{ mode: 'car', distanceKm: 100, occupants: 3 }] }] }).total).toBeCloseTo(solo / 3, 9);
  });
});

/** B1 (MODEL.md §7). */
const B1_BUSINESS = {
  spend: [
    { naics: '481111', usd: 10_000 },
    { naics: '721110', usd: 5_000 },
    { naics: '541511', usd: 20_000 },
    { naics: '722511', usd: 3_000 },
  ],
};

describe('business B1 (MODEL.md §7)', () => {
  it('totals 13,269.0 kg', () => {
    const result = calculateBusiness(B1_BUSINESS);
    within(result.total, 13269.0);
    expect(result.spendLines.map((line) => Math.round(line.total))).toEqual([9760, 915, 1940, 654]);
    expect(result.breakdown.purchasedGoodsAndServices).toBe(result.total);
  });

  it('adds activity data in its own components', () => {
    const result = calculateBusiness({ ...B1_BUSINESS, flights: [{ distanceKm: 1000 }], hotelStays: [{ country: 'US', nights: 3 }], surfaceTravel: [{ mode: 'rail', distanceKm: 100 }] });
    within(result.breakdown.flights, 127.86, 1e-9);
    within(result.breakdown.hotels, 48.3, 1e-9);
    within(result.breakdown.surfaceTravel, 3.546, 1e-9);
    within(result.total, 13269.0 + 127.86 + 48.3 + 3.546);
  });
});
