import type { Database } from '../client.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedCoupons } from './seed-coupons.ts';
import { seedAirports, seedCountries } from './seed-reference.ts';

export interface SeedResult {
  catalog: boolean;
  countries: boolean;
  airports: boolean;
  coupons: boolean;
}

export interface SeedOptions {
  /** false: leave the product catalog alone (SEED_CATALOG=false); reference data is always seeded. */
  catalog?: boolean;
}

/**
 * Seeds each part only while its table is empty, so it is safe on every start-up and never
 * duplicates or overwrites data an operator has changed. Each part is one transaction: a
 * crash mid-way leaves the part empty, and the next start simply tries again.
 */
export async function seedIfEmpty(
  db: Database,
  log: (message: string) => void = () => {},
  options: SeedOptions = {},
): Promise<SeedResult> {
  const catalog = options.catalog === false ? false : await seedCatalog(db);
  log(catalog ? 'Seeded the product catalog' : 'Product catalog already present, not seeded');
  const countries = await seedCountries(db);
  log(countries ? 'Seeded countries (Our World in Data)' : 'Countries already present, not seeded');
  const airports = await seedAirports(db);
  log(airports ? 'Seeded airports (OurAirports)' : 'Airports already present, not seeded');
  // The starter coupons belong to the shop, so they come with the catalog.
  const couponsSeeded = options.catalog === false ? false : await seedCoupons(db);
  if (couponsSeeded) log('Seeded coupons (WELCOME10, GREEN5, PLANET15)');
  return { catalog, countries, airports, coupons: couponsSeeded };
}
