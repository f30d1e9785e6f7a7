import {
  calculateBusiness,
  calculateEvent,
  calculateFlights,
  calculateHousehold,
  CarbonInputError,
  WORLD_PER_CAPITA,
  type BusinessRequest,
  type Coordinates,
  type EventRequest,
  type FlightLegInput,
  type FlightsRequest,
  type HouseholdRequest,
  type TravelLegInput,
  type TravelLegRequest,
} from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ReferenceData } from '../reference/reference.service.ts';

/**
 * The calculation endpoints: resolve codes (countries, airports) against the reference data,
 * then call the contract's pure functions, so the API answers exactly what the browser computes.
 * Nothing is stored here; saved footprints are a later step.
 */
export function createCarbonService(reference: ReferenceData) {
  const airport = (code: string, field: string): Coordinates => {
    const found = reference.airports.get(code);
    if (!found) throw invalid(field, `no airport has the IATA code ${code}`);
    return { latitude: found.latitude, longitude: found.longitude };
  };

  const flightLeg = (leg: FlightsRequest['legs'][number], field: string): FlightLegInput => ({
    distanceKm: leg.distanceKm,
    from: leg.from === undefined ? undefined : airport(leg.from, `${field}.from`),
    to: leg.to === undefined ? undefined : airport(leg.to, `${field}.to`),
    cabin: leg.cabin,
    roundTrip: leg.roundTrip,
    travellers: leg.travellers,
  });

  const travelLeg = (leg: TravelLegRequest, field: string): TravelLegInput => ({
    ...leg,
    from: leg.from === undefined ? undefined : airport(leg.from, `${field}.from`),
    to: leg.to === undefined ? undefined : airport(leg.to, `${field}.to`),
  });

  const hotelCountry = (code: string, field: string) => {
    // GB-LND (London) is the one sub-national row DESNZ publishes.
    if (!reference.countries.get(code.slice(0, 2))) throw invalid(field, `${code} is not a country of the country list`);
    return code;
  };

  return {
    household(input: HouseholdRequest) {
      const country = input.country === WORLD_PER_CAPITA.code ? WORLD : reference.countries.get(input.country);
      if (!country) throw invalid('country', `${input.country} is not a country of the country list`);
      const perCapita = input.baseline === 'consumption' ? country.consumptionPerCapita : country.carbonCountryPerCapita;
      if (!perCapita || perCapita <= 0) throw invalid('baseline', `there is no consumption-based figure for ${country.entity}`);
      const year = input.baseline === 'consumption' ? (country.consumptionYear ?? country.year) : country.year;
      const name = `${country.entity}, CO2 per person${input.baseline === 'consumption' ? ' (consumption-based)' : ''}`;
      const baselineSource = { name, source: 'Our World in Data, based on the Global Carbon Budget (CC BY 4.0)', year };
      const result = calculating(() => calculateHousehold({ ...input, carbonCountryPerCapita: perCapita, baselineSource }));
      return { ...result, country: { countryCode: country.code, entity: country.entity, baseline: input.baseline, perCapitaTonnes: perCapita, year } };
    },

    flights(input: FlightsRequest) {
      const legs = input.legs.map((leg, i) => flightLeg(leg, `legs.${i}`));
      const result = calculating(() => calculateFlights({ legs, radiativeForcing: input.radiativeForcing, wellToTank: input.wellToTank }));
      return { ...result, legs: result.legs.map((leg, i) => ({ from: input.legs[i].from ?? null, to: input.legs[i].to ?? null, ...leg })) };
    },

    event(input: EventRequest) {
      const attendees = input.attendees.map((group, g) => ({
        ...group,
        travel: group.travel.map((leg, i) => travelLeg(leg, `attendees.${g}.travel.${i}`)),
        hotel: group.hotel.map((stay, i) => ({ ...stay, country: hotelCountry(stay.country, `attendees.${g}.hotel.${i}.country`) })),
      }));
      return calculating(() => calculateEvent({ ...input, attendees }));
    },

    business(input: BusinessRequest) {
      return calculating(() =>
        calculateBusiness({
          spend: input.spend,
          flights: input.flights.map((leg, i) => flightLeg(leg, `flights.${i}`)),
          hotelStays: input.hotelStays.map((stay, i) => ({ ...stay, country: hotelCountry(stay.country, `hotelStays.${i}.country`) })),
          surfaceTravel: input.surfaceTravel.map((leg, i) => travelLeg(leg, `surfaceTravel.${i}`)),
          radiativeForcing: input.radiativeForcing,
          wellToTank: input.wellToTank,
        }),
      );
    },
  };
}

/** OWID's World row as a household "country" for people who prefer not to say (issue 27.5). */
const WORLD = {
  code: WORLD_PER_CAPITA.code,
  entity: 'World',
  carbonCountryPerCapita: WORLD_PER_CAPITA.tonnes,
  year: WORLD_PER_CAPITA.year,
  consumptionPerCapita: WORLD_PER_CAPITA.consumptionTonnes,
  consumptionYear: WORLD_PER_CAPITA.consumptionYear,
};

export type CarbonService = ReturnType<typeof createCarbonService>;

/** The same 400 as a schema failure: the message names the field, `fields` carries it. */
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Please check ${field}: ${message}`, { fields: { [field]: [message] } });
}

/** The contract re-checks every rule; what it refuses becomes the same 400 as a schema failure. */
function calculating<T>(calculate: () => T): T {
  try {
    return calculate();
  } catch (error) {
    if (error instanceof CarbonInputError) throw invalid(error.field, error.message);
    throw error;
  }
}
