import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { airportSchema, countrySchema, type Airport, type Country } from '@app/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { airports, countries } from '../src/db/schema/index.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { json, openTestDatabase } from './helper.ts';

/**
 * Countries and airports (spec §4, §7). The app is built on a database where two rows break the
 * country list rule, to see them left out; no request carries a token (visitors may read these).
 */
describe('reference data: countries and airports', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await openTestDatabase();
    await database.migrate();
    await seedIfEmpty(database.db, () => {}, { catalog: false });
    await database.db.insert(countries).values([
      { code: 'ZZ', entity: 'Zero Land', carbonCountryPerCapita: 0, year: 2024 },
      { code: '', entity: 'Codeless Land', carbonCountryPerCapita: 3, year: 2024 },
    ]);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_CATALOG: 'false' }, { inMemoryDatabase: true });
    app = await buildApp(config, { database });
  });
  afterAll(async () => {
    await app?.close();
  });

  const getCountries = (query = '?show=yes&limit=255', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/v1/countries${query}`, headers });
  const searchAirports = (query: string) => app.inject({ method: 'GET', url: `/api/airports${query}` });

  describe('GET /api/v1/countries', () => {
    it('lists the Country records sorted by name, without per-capita 0 or a missing code', async () => {
      const response = await getCountries();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const list: Country[] = json(response).data;
      expect(list).toHaveLength(214);
      for (const country of list) {
        expect(countrySchema.strict().parse(country)).toEqual(country);
        expect(country.countryCode).toMatch(/^[A-Z]{2}$/);
        expect(country.carbonCountryPerCapita).toBeGreaterThan(0);
      }
      const names = list.map((c) => c.entity);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(names).not.toContain('Zero Land');
      expect(names).not.toContain('Codeless Land');
      expect(names).not.toContain('World');
      expect(list.find((c) => c.countryCode === 'GB')).toEqual({ entity: 'United Kingdom', countryCode: 'GB', currencyCode: 'GBP', carbonCountryPerCapita: 4.526, year: 2024 });
    });

    it('limit takes the first countries by name; show and limit are optional', async () => {
      const five: Country[] = json(await getCountries('?show=yes&limit=5')).data;
      const all: Country[] = json(await getCountries('')).data;
      expect(five).toEqual(all.slice(0, 5));
      expect(all).toHaveLength(214);
    });

    it('refuses a limit outside 1..255, naming the field', async () => {
      for (const limit of ['0', '256', '-3', 'ten', '2.5']) {
        const response = await getCountries(`?show=yes&limit=${limit}`);
        expect(response.statusCode, limit).toBe(400);
        expect(json(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fields: { limit: expect.any(Array) } });
      }
    });

    it('answers with an ETag and 304 Not Modified when the list is unchanged', async () => {
      const first = await getCountries();
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toContain('public');
      const again = await getCountries('?show=yes&limit=255', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await getCountries('?show=yes&limit=255', { 'if-none-match': '"other"' })).statusCode).toBe(200);
      const fewer = await getCountries('?show=yes&limit=3');
      expect(fewer.headers.etag).not.toBe(etag);
      expect((await getCountries('?show=yes&limit=255')).body).toBe(first.body);
    });
  });

  describe('GET /api/airports', () => {
    const codes = async (query: string) => (json(await searchAirports(query)).data as Airport[]).map((a) => a.code);

    it('answers code, name, city, country, latitude and longitude', async () => {
      const response = await searchAirports('?q=LHR');
      expect(response.statusCode).toBe(200);
      const [first]: Airport[] = json(response).data;
      expect(airportSchema.strict().parse(first)).toEqual({ code: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'GB', latitude: 51.4706, longitude: -0.46194 });
    });

    it('puts the exact code first, then prefix matches, then word-prefix matches', async () => {
      expect((await codes('?q=jfk'))[0]).toBe('JFK');
      const london = await codes('?q=london&limit=50');
      expect(london).toEqual(expect.arrayContaining(['LHR', 'LGW', 'LCY', 'STN', 'LTN']));
      // "London Heathrow" starts with the query; "Heathrow" only starts a later word.
      expect(await codes('?q=heathrow')).toEqual(['LHR']);
      const gatwick = await codes('?q=gat&limit=50');
      expect(gatwick).toContain('LGW');
    });

    it('ignores case and accents', async () => {
      expect(await codes('?q=SAO%20PAULO&limit=50')).toEqual(expect.arrayContaining(['GRU', 'CGH']));
      expect(await codes('?q=s%C3%A3o%20paulo&limit=50')).toEqual(expect.arrayContaining(['GRU', 'CGH']));
      expect(await codes('?q=zurich')).toContain('ZRH');
    });

    it('returns 10 by default, at most limit, and an empty list when nothing matches', async () => {
      expect(await codes('?q=a')).toHaveLength(10);
      expect(await codes('?q=a&limit=50')).toHaveLength(50);
      expect(await codes('?q=a&limit=3')).toHaveLength(3);
      expect(await codes('?q=qxqxqx')).toEqual([]);
    });

    it('refuses a missing, blank or too long q and a limit outside 1..50, naming the field', async () => {
      for (const [query, field] of [
        ['', 'q'],
        ['?q=', 'q'],
        ['?q=%20%20', 'q'],
        [`?q=${'a'.repeat(65)}`, 'q'],
        ['?q=lon&limit=0', 'limit'],
        ['?q=lon&limit=51', 'limit'],
        ['?q=lon&limit=many', 'limit'],
      ]) {
        const response = await searchAirports(query);
        expect(response.statusCode, query).toBe(400);
        expect(json(response).fields, query).toHaveProperty([field]);
        expect(json(response).message, query).toContain(field);
      }
    });
  });

  describe('ready bodies for both', () => {
    it('answer brotli or gzip when asked, the same JSON, an ETag per encoding and 304 on a match', async () => {
      for (const url of ['/api/v1/countries?show=yes&limit=255', '/api/airports?q=lon&limit=20']) {
        const plain = await app.inject({ method: 'GET', url });
        expect(plain.headers['content-encoding'], url).toBeUndefined();
        expect(plain.headers['cache-control'], url).toBe('public, max-age=3600');
        for (const encoding of ['br', 'gzip'] as const) {
          const packed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
          expect(packed.headers['content-encoding'], url).toBe(encoding);
          const bytes = encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
          expect(bytes.toString('utf8'), url).toBe(plain.body);
          expect(packed.headers.etag, url).not.toBe(plain.headers.etag);
          const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'if-none-match': packed.headers.etag as string } });
          expect(again.statusCode, url).toBe(304);
        }
      }
    });

    it('a bad query is refused every time, however often it is sent', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await searchAirports('?q=lon&limit=0')).statusCode).toBe(400);
        expect((await getCountries('?limit=0')).statusCode).toBe(400);
      }
    });
  });

  // Last, because it empties the tables: the answers come from memory loaded at start-up.
  it('serves both lists from memory loaded at start-up, not from a query per request', async () => {
    await app.database.db.delete(airports);
    await app.database.db.delete(countries);
    const [first]: Airport[] = json(await searchAirports('?q=LHR')).data;
    expect(first.code).toBe('LHR');
    expect(json(await getCountries()).data).toHaveLength(214);
  });
});
