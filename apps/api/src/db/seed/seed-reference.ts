import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../client.ts';
import { airports, countries } from '../schema/index.ts';
import { referenceDataDir } from '../../paths.ts';

const AIRPORT_CHUNK = 500;

const countryFileSchema = z.array(
  z.object({
    entity: z.string().min(1),
    countryCode: z.string().nullable(),
    iso3: z.string().nullable(),
    currencyCode: z.string().nullable(),
    carbonCountryPerCapita: z.number().nullable(),
    year: z.number().int(),
    consumptionPerCapita: z.number().nullable(),
    consumptionYear: z.number().int().nullable(),
  }),
);

const airportFileSchema = z.array(z.tuple([z.string(), z.string(), z.string(), z.string(), z.number(), z.number()]));

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const full = path.join(referenceDataDir, file);
  const parsed = schema.safeParse(JSON.parse(readFileSync(full, 'utf8')));
  if (!parsed.success) throw new Error(`${full} does not have the expected shape: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Country records as the spec's country list serves them (§4): rows without an ISO alpha-2
 * code (the World aggregate) or with no per-capita figure are left out.
 */
export function countryRows(): (typeof countries.$inferInsert)[] {
  return readJson('countries-carbon.json', countryFileSchema)
    .filter((row) => row.countryCode !== null && /^[A-Z]{2}$/.test(row.countryCode) && (row.carbonCountryPerCapita ?? 0) > 0)
    .map((row) => ({
      code: row.countryCode as string,
      entity: row.entity,
      iso3: row.iso3,
      currencyCode: row.currencyCode,
      carbonCountryPerCapita: row.carbonCountryPerCapita as number,
      year: row.year,
      consumptionPerCapita: row.consumptionPerCapita,
      // The dataset writes 0 for "no consumption-based figure"; null says that honestly.
      consumptionYear: row.consumptionYear ? row.consumptionYear : null,
    }));
}

export function airportRows(): (typeof airports.$inferInsert)[] {
  return readJson('airports.min.json', airportFileSchema).map(([iata, name, city, countryCode, latitude, longitude]) => ({
    iata,
    name,
    city: city || null,
    countryCode,
    latitude,
    longitude,
  }));
}

export async function seedCountries(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ code: countries.code }).from(countries).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(countries).values(countryRows());
    return true;
  });
}

export async function seedAirports(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ iata: airports.iata }).from(airports).limit(1);
    if (existing.length > 0) return false;
    // Read only when needed: a restart with a full table should not parse 300 KB of JSON.
    const rows = airportRows();
    for (let start = 0; start < rows.length; start += AIRPORT_CHUNK) {
      await tx.insert(airports).values(rows.slice(start, start + AIRPORT_CHUNK));
    }
    return true;
  });
}
