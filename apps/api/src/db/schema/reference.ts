import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/** Country records (spec §3) seeded from Our World in Data (CC BY 4.0); see apps/api/data/README.md. */
export const countries = pgTable(
  'countries',
  {
  code: varchar('code', { length: 2 }).primaryKey(),
  entity: varchar('entity', { length: 120 }).notNull(),
  iso3: varchar('iso3', { length: 8 }),
  currencyCode: varchar('currency_code', { length: 3 }),
  /** Tonnes of fossil CO2 per person per year (OWID co2_per_capita). */
  carbonCountryPerCapita: doublePrecision('carbon_country_per_capita').notNull(),
  year: integer('year').notNull(),
  consumptionPerCapita: doublePrecision('consumption_per_capita'),
  consumptionYear: integer('consumption_year'),
  },
  // Catalog search matches a product's country by name (catalog.search.ts).
  (t) => [index('countries_name_search_idx').using('gin', sql`to_tsvector('english'::regconfig, ${t.entity})`)],
);

/** Airports with an IATA code, trimmed from OurAirports (public domain) at build time. */
export const airports = pgTable(
  'airports',
  {
    iata: varchar('iata', { length: 3 }).primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    city: varchar('city', { length: 120 }),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('airports_country_idx').on(t.countryCode)],
);
