import type { Airport } from '@app/contract';
import { AirportIndex } from './airport-index.ts';
import { CountryList } from './country-list.ts';
import type { ReferenceRepository } from './reference.repository.ts';

export interface ReferenceData {
  countries: CountryList;
  airports: AirportIndex;
}

/**
 * Countries and airports are reference data: seeded, then changed only by re-seeding (which means
 * a restart). Every visitor reads them, and the calculators resolve codes against them, so they
 * are loaded once here and served from memory: about 214 countries and 4.5k airports, well under
 * a megabyte. Another process's re-seed is picked up on its next start.
 */
export async function loadReferenceData(repository: ReferenceRepository): Promise<ReferenceData> {
  const [countryRows, airportRows] = await Promise.all([repository.listCountries(), repository.listAirports()]);
  const airports: Airport[] = airportRows.map((row) => ({
    code: row.iata,
    name: row.name,
    city: row.city,
    country: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
  return { countries: new CountryList(countryRows), airports: new AirportIndex(airports) };
}
