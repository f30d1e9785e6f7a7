import { describe, expect, it } from 'vitest';
import { CARBON_FACTORS, calculateBusiness, calculateEvent, calculateFlights, calculateHousehold, flightLeg, flightWellToTankFactor, WORLD_PER_CAPITA } from './index.ts';

/** MODEL.md §9: ±0.1 kg. */
const within = (actual: number, expected: number, tolerance = 0.1) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
const medium2 = { houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' as const };

describe('well-to-tank for flights (MODEL.md §5.6, issue 27.5)', () => {
  it('is off by default and adds the DESNZ WTT factor of the same band and cabin when on', () => {
    const off = flightLeg({ distanceKm: 5539.7, cabin: 'economy' }, true);
    expect(off.wttKgPerPassengerKm).toBe(0);
    within(off.total, 648.4);
    const on = flightLeg({ distanceKm: 5539.7, cabin: 'economy' }, { radiativeForcing: true, wellToTank: true });
    expect(on.wttKgPerPassengerKm).toBe(0.02461);
    within(on.total, 648.4 + 5539.7 * 0.02461);
  });

  it('is the same with and without radiative forcing, and follows the cabin mapping of the band', () => {
    const wtt = (rf: boolean) => {
      const leg = flightLeg({ distanceKm: 1136.8 }, { radiativeForcing: rf, wellToTank: true });
      return leg.total - flightLeg({ distanceKm: 1136.8 }, rf).total;
    };
    within(wtt(true), 1136.8 * 0.02286, 1e-9);
    within(wtt(false), 1136.8 * 0.02286, 1e-9);
    expect(flightWellToTankFactor('domestic', 'first')).toBe(0.0335);
    expect(flightWellToTankFactor('shortHaul', 'first')).toBe(0.03373);
    expect(flightWellToTankFactor('shortHaul', 'premium')).toBe(0.02249);
    expect(flightWellToTankFactor('longHaul', 'first')).toBe(0.09844);
  });

  it('every DESNZ band and cabin with an emissions factor has a WTT factor', () => {
    for (const band of ['domestic', 'shortHaul', 'longHaul'] as const) {
      const cabins = CARBON_FACTORS.flights.perPassengerKm.value[band];
      for (const cabin of Object.keys(cabins)) expect((CARBON_FACTORS.flights.wellToTankPerPassengerKm.value as Record<string, Record<string, number>>)[band][cabin]).toBeGreaterThan(0);
    }
  });

  it('calculateFlights, events and businesses take the switch; a non-boolean is refused by name', () => {
    const on = calculateFlights({ legs: [{ distanceKm: 347.2 }], wellToTank: true });
    within(on.total, 79.6 + 347.2 * 0.0335);
    expect(() => calculateFlights({ legs: [{ distanceKm: 1 }], wellToTank: 'yes' as never })).toThrow(/wellToTank/);
    const event = calculateEvent({ attendees: [{ travel: [{ mode: 'flight', distanceKm: 347.2 }] }], wellToTank: true });
    within(event.total, 79.6 + 347.2 * 0.0335);
    within(calculateBusiness({ flights: [{ distanceKm: 347.2 }], wellToTank: true }).total, 79.6 + 347.2 * 0.0335);
  });
});

describe('household switches (issue 27.5)', () => {
  it('H1 without radiative forcing uses the DESNZ "Without RF" short-haul factor', () => {
    const result = calculateHousehold({ ...medium2, carbonCountryPerCapita: 4.526, radiativeForcing: false });
    within(result.breakdown.flights, 2 * 2300 * 0.07559);
    within(result.total, 14663.2 - 588.2 + 2 * 2300 * 0.07559);
  });

  it('H1 with well-to-tank adds 2 × 2,300 km × 0.02286', () => {
    const result = calculateHousehold({ ...medium2, carbonCountryPerCapita: 4.526, wellToTank: true });
    within(result.breakdown.flights, 588.2 + 2 * 2300 * 0.02286);
    within(result.total, 14663.2 + 2 * 2300 * 0.02286);
  });

  it('high air travel switches both bands', () => {
    const one = { carbonCountryPerCapita: 4.526, houseHoldMembers: 1, income: 'medium' as const, airTravel: 'high' as const };
    within(calculateHousehold({ ...one, radiativeForcing: false }).breakdown.flights, 2300 * 0.07559 + 13400 * 0.09043, 1e-6);
    within(calculateHousehold({ ...one, wellToTank: true }).breakdown.flights, 2341.87 + 2300 * 0.02286 + 13400 * 0.03213, 0.01);
  });

  it('the world average (OWID World 2024, 4.729 t) as the country: 2 × 4,729 × m_hh + diet + air', () => {
    const result = calculateHousehold({ ...medium2, carbonCountryPerCapita: WORLD_PER_CAPITA.tonnes });
    within(result.total, 2 * 4729 * 1.100866 + 4109.9 + 588.2, 0.2);
    expect(WORLD_PER_CAPITA).toMatchObject({ tonnes: 4.729, year: 2024, code: 'WORLD' });
  });
});

describe('each result lists the factors it used, with source and year', () => {
  it('household: the country figure first, then the model constants chosen, flights with their RF and WTT choice', () => {
    const result = calculateHousehold({
      ...medium2,
      carbonCountryPerCapita: 4.526,
      wellToTank: true,
      baselineSource: { name: 'United Kingdom, CO2 per person', source: 'OWID', year: 2024 },
    });
    expect(result.factors[0]).toEqual({ name: 'United Kingdom, CO2 per person', value: 4.526, unit: 't CO2 per person per year', source: 'OWID', year: 2024 });
    const names = result.factors.map((factor) => factor.name);
    expect(names).toContain('Diet (medium meat)');
    expect(names).toContain('Flight, short-haul, average, with RF');
    expect(names).toContain('Flight well-to-tank, short-haul, average');
    expect(names.some((name) => name.startsWith('Flight, long-haul'))).toBe(false);
    expect(result.factors.find((factor) => factor.name === 'Diet (medium meat)')).toMatchObject({ value: 5.63, year: 2014, source: expect.stringContaining('Scarborough') });
    expect(result.factors.find((factor) => factor.name === 'Income elasticity')).toMatchObject({ assumption: true });
    for (const factor of result.factors) {
      expect(factor.source.length).toBeGreaterThan(0);
      expect(Number.isInteger(factor.year)).toBe(true);
    }
  });

  it('flights: one entry per band and cabin used, however many legs', () => {
    const result = calculateFlights({ legs: [{ distanceKm: 5539.7, cabin: 'economy' }, { distanceKm: 6000, cabin: 'economy' }, { distanceKm: 300 }], radiativeForcing: false });
    expect(result.factors.map((factor) => [factor.name, factor.value])).toEqual([
      ['Flight, long-haul, economy, without RF', 0.06926],
      ['Flight, domestic, average, without RF', 0.13552],
    ]);
  });

  it('events and businesses list travel, hotel, meal and spend factors', () => {
    const event = calculateEvent({
      attendees: [{ travel: [{ mode: 'rail', distanceKm: 30 }], hotel: [{ country: 'AT', nights: 1 }], meals: [{ type: 'vegan', count: 2 }] }],
      venue: { usd: 100 },
    });
    expect(event.factors.map((factor) => factor.name)).toEqual(['National rail', 'Hotel room-night, GB', 'Meal, vegan', expect.stringMatching(/^Spend, NAICS 531120 Lessors of Nonresidential Buildings/)]);
    const business = calculateBusiness({ spend: [{ naics: '481111', usd: 1 }], surfaceTravel: [{ mode: 'car', distanceKm: 10 }] });
    expect(business.factors.map((factor) => factor.value)).toEqual([0.976, 0.16725]);
  });
});
