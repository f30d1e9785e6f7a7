import { asc, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { airports, countries } from '../../db/schema/index.ts';

export type CountryRow = typeof countries.$inferSelect;
export type AirportRow = typeof airports.$inferSelect;

/** Reads the seeded reference tables once, at start-up (see reference.service.ts). */
export function createReferenceRepository(db: Database) {
  return {
    /** Country list rule (spec §4): per-capita 0 is left out here; rows without a code never reach the table. */
    async listCountries(): Promise<CountryRow[]> {
      return db.select().from(countries).where(gt(countries.carbonCountryPerCapita, 0)).orderBy(asc(countries.entity));
    },
    async listAirports(): Promise<AirportRow[]> {
      return db.select().from(airports).orderBy(asc(airports.iata));
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
