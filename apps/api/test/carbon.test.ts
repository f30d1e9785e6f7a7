import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { calculateBusiness, calculateEvent, calculateFlights, calculateHousehold, type Airport, type Coordinates } from '@app/contract';
import { createTestApp, json } from './helper.ts';

/**
 * The calculation endpoints answer what the contract's functions answer, for MODEL.md's worked
 * examples, and refuse bad input with a 400 naming the field. No request carries a token.
 */
describe('carbon calculation endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (kind: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/v1/carbon/${kind}`, payload: payload as object });
  const ok = async (kind: string, payload: unknown) => {
    const response = await post(kind, payload);
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ unit: 'kg CO2e', factorSetYear: 2025 });
    return body.data;
  };
  const refused = async (kind: string, payload: unknown, field: string) => {
    const response = await post(kind, payload);
    expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
    const body = json(response);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.fields, response.body).toHaveProperty([field]);
    expect(body.message).toContain(field);
  };
  const within = (actual: number, expected: number, tolerance = 0.1) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
  const coordinates = async (code: string): Promise<Coordinates> => {
    const [airport]: Airport[] = json(await app.inject({ method: 'GET', url: `/api/airports?q=${code}&limit=1` })).data;
    expect(airport.code).toBe(code);
    return { latitude: airport.latitude, longitude: airport.longitude };
  };

  describe('POST /api/v1/carbon/household', () => {
    const h1 = { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' };

    it('H1 United Kingdom: 14,663.2 kg, equal to the contract function', async () => {
      const data = await ok('household', h1);
      within(data.total, 14663.2);
      const expected = calculateHousehold({ carbonCountryPerCapita: 4.526, houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' });
      expect(data).toMatchObject({ total: expected.total, breakdown: expected.breakdown, perPerson: expected.perPerson });
      expect(data.country).toEqual({ countryCode: 'GB', entity: 'United Kingdom', baseline: 'territorial', perCapitaTonnes: 4.526, year: 2024 });
    });

    it('H2 India: 9,544.1 kg; consumption baseline: UK 21,499.6 kg, India 8,526.9 kg', async () => {
      within((await ok('household', { ...h1, country: 'IN' })).total, 9544.1);
      const uk = await ok('household', { ...h1, baseline: 'consumption' });
      within(uk.total, 21499.6);
      expect(uk.country).toMatchObject({ baseline: 'consumption', perCapitaTonnes: 7.631, year: 2021 });
      within((await ok('household', { ...h1, country: 'in', baseline: 'consumption' })).total, 8526.9);
    });

    it('the world average as the country, the flight switches, and the factors used with source and year (issue 27.5)', async () => {
      const world = await ok('household', { ...h1, country: 'WORLD' });
      expect(world.country).toEqual({ countryCode: 'WORLD', entity: 'World', baseline: 'territorial', perCapitaTonnes: 4.729, year: 2024 });
      within(world.total, calculateHousehold({ carbonCountryPerCapita: 4.729, houseHoldMembers: 2, income: 'medium' }).total, 1e-6);
      expect(world.factors[0]).toMatchObject({ name: 'World, CO2 per person', value: 4.729, year: 2024, source: expect.stringContaining('Our World in Data') });
      expect((await ok('household', { ...h1, country: 'world', baseline: 'consumption' })).country).toMatchObject({ perCapitaTonnes: 4.658, year: 2022 });
      const noRf = await ok('household', { ...h1, radiativeForcing: false });
      within(noRf.breakdown.flights, 2 * 2300 * 0.07559);
      expect(noRf.factors.map((factor: { name: string }) => factor.name)).toContain('Flight, short-haul, average, without RF');
      const wtt = await ok('household', { ...h1, wellToTank: true });
      within(wtt.total, 14663.2 + 2 * 2300 * 0.02286);
      const flights = await ok('flights', { legs: [{ distanceKm: 347.2 }], wellToTank: true });
      within(flights.total, 79.6 + 347.2 * 0.0335);
      expect(flights.legs[0].wttKgPerPassengerKm).toBe(0.0335);
      expect(flights.factors).toHaveLength(2);
      await refused('household', { ...h1, wellToTank: 'yes' }, 'wellToTank');
      await refused('household', { ...h1, country: 'WORLDS' }, 'country');
    });

    it('houseSize, airTravel and meatConsumption default to medium; publicTransportationMembers to 0', async () => {
      const explicit = await ok('household', { ...h1, houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' });
      expect(await ok('household', { country: 'GB', houseHoldMembers: 2, income: 'medium' })).toEqual(explicit);
      const meaty = await ok('household', { ...h1, meatConsumption: 'high' });
      expect(meaty.total).toBeGreaterThan(explicit.total);
    });

    it('refuses bad input, naming the field', async () => {
      await refused('household', { ...h1, country: 'XX' }, 'country');
      await refused('household', { ...h1, country: 'United Kingdom' }, 'country');
      await refused('household', { ...h1, houseHoldMembers: -1 }, 'houseHoldMembers');
      await refused('household', { ...h1, houseHoldMembers: 1.5 }, 'houseHoldMembers');
      await refused('household', { ...h1, publicTransportationMembers: -1 }, 'publicTransportationMembers');
      await refused('household', { ...h1, publicTransportationMembers: 3 }, 'publicTransportationMembers');
      await refused('household', { ...h1, income: undefined }, 'income');
      await refused('household', { ...h1, houseSize: 'huge' }, 'houseSize');
      await refused('household', { ...h1, airTravel: 2 }, 'airTravel');
      await refused('household', { ...h1, meatConsumption: 'lots' }, 'meatConsumption');
      // Afghanistan has no consumption-based figure in the OWID data.
      await refused('household', { ...h1, country: 'AF', baseline: 'consumption' }, 'baseline');
    });
  });

  describe('POST /api/v1/carbon/flights', () => {
    it('reproduces MODEL.md §9 by airport code: LHR→JFK economy 648.4, LHR→CDG 79.6, DEL→BOM 145.4', async () => {
      const data = await ok('flights', { legs: [{ from: 'LHR', to: 'JFK', cabin: 'economy' }, { from: 'lhr', to: 'cdg' }, { from: 'DEL', to: 'BOM' }] });
      const [jfk, cdg, bom] = data.legs;
      expect(jfk).toMatchObject({ from: 'LHR', to: 'JFK', band: 'longHaul', cabinApplied: 'economy' });
      within(jfk.distanceKm, 5539.7, 0.5);
      within(jfk.total, 648.4);
      expect(cdg).toMatchObject({ from: 'LHR', to: 'CDG', band: 'domestic' });
      within(cdg.total, 79.6);
      expect(bom.band).toBe('shortHaul');
      within(bom.total, 145.4);
      within(data.total, 648.4 + 79.6 + 145.4, 0.15);
      const expected = calculateFlights({
        legs: [
          { from: await coordinates('LHR'), to: await coordinates('JFK'), cabin: 'economy' },
          { from: await coordinates('LHR'), to: await coordinates('CDG') },
          { from: await coordinates('DEL'), to: await coordinates('BOM') },
        ],
      });
      expect(data.total).toBe(expected.total);
      expect(data.breakdown).toEqual(expected.breakdown);
    });

    it('by distance, at the band boundaries: 500 → 114.6, 3,700 → 473.1, 3,700.5 → 565.5', async () => {
      const data = await ok('flights', { legs: [{ distanceKm: 500 }, { distanceKm: 3700 }, { distanceKm: 3700.5 }, { distanceKm: 0 }] });
      expect(data.legs.map((leg: { band: string }) => leg.band)).toEqual(['domestic', 'shortHaul', 'longHaul', 'domestic']);
      within(data.legs[0].total, 114.6);
      within(data.legs[1].total, 473.1);
      within(data.legs[2].total, 565.5);
      expect(data.legs[3].total).toBe(0);
    });

    it('round trip doubles, travellers multiply, radiative forcing can be left out', async () => {
      const oneWay = (await ok('flights', { legs: [{ from: 'LHR', to: 'BCN' }] })).total;
      within((await ok('flights', { legs: [{ from: 'LHR', to: 'BCN', roundTrip: true, travellers: 3 }] })).total, 6 * oneWay, 1e-6);
      const withoutRf = await ok('flights', { legs: [{ distanceKm: 1000 }], radiativeForcing: false });
      within(withoutRf.total, 1000 * 0.07559, 1e-9);
    });

    it('refuses bad input, naming the field', async () => {
      await refused('flights', { legs: [{ from: 'LHR', to: 'XQX' }] }, 'legs.0.to');
      await refused('flights', { legs: [{ from: 'QXQ', to: 'LHR' }] }, 'legs.0.from');
      await refused('flights', { legs: [{ from: 'LHR' }] }, 'legs.0.to');
      await refused('flights', { legs: [{ from: 'LHRX', to: 'JFK' }] }, 'legs.0.from');
      await refused('flights', { legs: [{ distanceKm: -10 }] }, 'legs.0.distanceKm');
      await refused('flights', { legs: [{ distanceKm: 30000 }] }, 'legs.0.distanceKm');
      await refused('flights', { legs: [{ distanceKm: 100, from: 'LHR', to: 'JFK' }] }, 'legs.0.distanceKm');
      await refused('flights', { legs: [{}] }, 'legs.0.distanceKm');
      await refused('flights', { legs: [{ distanceKm: 100, cabin: 'royal' }] }, 'legs.0.cabin');
      await refused('flights', { legs: [{ distanceKm: 100, travellers: 0 }] }, 'legs.0.travellers');
      await refused('flights', { legs: [] }, 'legs');
      await refused('flights', {}, 'legs');
      await refused('flights', { legs: [{ distanceKm: 100 }], radiativeForcing: 'yes' }, 'radiativeForcing');
    });
  });

  describe('POST /api/v1/carbon/event', () => {
    const meals = [{ type: 'standard', count: 2 }, { type: 'vegetarian', count: 2 }];
    const e1 = {
      attendees: [
        { count: 60, travel: [{ mode: 'rail', distanceKm: 30, roundTrip: true, trips: 2 }], meals },
        { count: 30, travel: [{ mode: 'flight', from: 'LHR', to: 'BCN', roundTrip: true }], hotel: [{ country: 'GB', nights: 2 }], meals },
        { count: 10, travel: [{ mode: 'flight', from: 'LHR', to: 'JFK', roundTrip: true }], hotel: [{ country: 'GB', nights: 2 }], meals },
      ],
      venue: { usd: 20000 },
    };

    it('E1: 34,473.0 kg, 344.7 kg per attendee, equal to the contract function', async () => {
      const data = await ok('event', e1);
      within(data.total, 34473.0);
      within(data.perAttendee, 344.7, 0.05);
      expect(data.attendees).toBe(100);
      within(data.breakdown.accommodation, 832);
      within(data.breakdown.catering, 629.3);
      within(data.breakdown.venue, 7020);
      const withCoordinates = structuredClone(e1) as unknown as Parameters<typeof calculateEvent>[0];
      for (const group of withCoordinates.attendees) {
        for (const leg of group.travel ?? []) {
          if (leg.mode !== 'flight') continue;
          leg.from = await coordinates(leg.from as unknown as string);
          leg.to = await coordinates(leg.to as unknown as string);
        }
      }
      const expected = calculateEvent(withCoordinates);
      expect(data.total).toBe(expected.total);
      expect(data.breakdown).toEqual(expected.breakdown);
    });

    it('uses the UK hotel value where DESNZ has none, and says so', async () => {
      const data = await ok('event', { attendees: [{ hotel: [{ country: 'at', nights: 1 }] }], otherSpend: [{ naics: '323111', usd: 100 }] });
      within(data.breakdown.accommodation, 10.4, 1e-9);
      within(data.breakdown.otherSpend, 34.7, 1e-9);
      expect(data.notes.join(' ')).toContain('AT');
    });

    it('refuses bad input, naming the field', async () => {
      await refused('event', { attendees: [] }, 'attendees');
      await refused('event', { attendees: [{ count: -5 }] }, 'attendees.0.count');
      await refused('event', { attendees: [{ hotel: [{ country: 'XX', nights: 1 }] }] }, 'attendees.0.hotel.0.country');
      await refused('event', { attendees: [{ hotel: [{ country: 'GB', nights: -1 }] }] }, 'attendees.0.hotel.0.nights');
      await refused('event', { attendees: [{ travel: [{ mode: 'flight', from: 'LHR', to: 'XQX' }] }] }, 'attendees.0.travel.0.to');
      await refused('event', { attendees: [{ travel: [{ mode: 'rail', from: 'LHR', to: 'CDG' }] }] }, 'attendees.0.travel.0.from');
      await refused('event', { attendees: [{ travel: [{ mode: 'bus' }] }] }, 'attendees.0.travel.0.distanceKm');
      await refused('event', { attendees: [{ travel: [{ mode: 'rocket', distanceKm: 5 }] }] }, 'attendees.0.travel.0.mode');
      await refused('event', { attendees: [{ meals: [{ type: 'pizza', count: 1 }] }] }, 'attendees.0.meals.0.type');
      await refused('event', { attendees: [{}], venue: { usd: -1 } }, 'venue.usd');
      await refused('event', { attendees: [{}], otherSpend: [{ naics: '999999', usd: 10 }] }, 'otherSpend.0.naics');
    });
  });

  describe('POST /api/v1/carbon/business', () => {
    const b1 = {
      spend: [
        { naics: '481111', usd: 10000 },
        { naics: '721110', usd: 5000 },
        { naics: '541511', usd: 20000 },
        { naics: '722511', usd: 3000 },
      ],
    };

    it('B1: 13,269.0 kg, equal to the contract function, with each line titled', async () => {
      const data = await ok('business', b1);
      within(data.total, 13269.0);
      const expected = calculateBusiness(b1);
      expect(data.total).toBe(expected.total);
      expect(data.spendLines[0]).toMatchObject({ naics: '481111', title: 'Scheduled Passenger Air Transportation', kgPerUsd: 0.976, usd: 10000 });
    });

    it('adds activity data: flights by airport code, hotel stays and surface travel', async () => {
      const data = await ok('business', { ...b1, flights: [{ from: 'LHR', to: 'JFK', roundTrip: true }], hotelStays: [{ country: 'US', nights: 3 }], surfaceTravel: [{ mode: 'car', distanceKm: 100, occupants: 2 }] });
      within(data.breakdown.hotels, 48.3, 1e-9);
      within(data.breakdown.surfaceTravel, 8.3625, 1e-9);
      within(data.breakdown.flights, 2 * 5539.7 * 0.15282, 0.1);
      within(data.total, 13269.0 + data.breakdown.flights + 48.3 + 8.3625, 1e-6);
    });

    it('refuses bad input, naming the field', async () => {
      await refused('business', {}, 'spend');
      await refused('business', { spend: [{ naics: '999999', usd: 10 }] }, 'spend.0.naics');
      await refused('business', { spend: [{ naics: '4811', usd: 10 }] }, 'spend.0.naics');
      await refused('business', { spend: [{ naics: '481111', usd: -10 }] }, 'spend.0.usd');
      await refused('business', { flights: [{ from: 'LHR', to: 'XQX' }] }, 'flights.0.to');
      await refused('business', { hotelStays: [{ country: 'XX', nights: 1 }] }, 'hotelStays.0.country');
      await refused('business', { surfaceTravel: [{ mode: 'flight', distanceKm: 100 }] }, 'surfaceTravel.0.mode');
    });
  });

  it('documents the four calculations in OpenAPI with their request schemas', async () => {
    const { paths } = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const kind of ['household', 'flights', 'event', 'business']) {
      const operation = paths[`/api/v1/carbon/${kind}`]?.post;
      expect(operation, kind).toBeDefined();
      expect(operation.requestBody.content['application/json'].schema, kind).toBeDefined();
      expect(operation.responses['200'], kind).toBeDefined();
    }
    expect(paths['/api/v1/carbon/household'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['country', 'houseHoldMembers', 'income']),
    );
  });
});

describe('carbon endpoints and the rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('go under the normal per-client rate limit', async () => {
    const call = () => app.inject({ method: 'POST', url: '/api/v1/carbon/flights', payload: { legs: [{ distanceKm: 100 }] } });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('RATE_LIMITED');
  });
});
