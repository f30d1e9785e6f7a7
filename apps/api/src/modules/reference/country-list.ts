import type { Country } from '@app/contract';
import type { CountryRow } from './reference.repository.ts';

/**
 * The country list as every visitor reads it (spec §4, §7). Any `limit` is a prefix of the sorted
 * list, so there are at most 255 distinct answers (the route keeps each one ready to send).
 */
export class CountryList {
  readonly countries: Country[];
  private readonly byCode: Map<string, CountryRow>;

  constructor(rows: readonly CountryRow[]) {
    this.countries = rows
      .filter((row) => /^[A-Z]{2}$/.test(row.code) && row.carbonCountryPerCapita > 0)
      .map((row) => ({ entity: row.entity, countryCode: row.code, currencyCode: row.currencyCode, carbonCountryPerCapita: row.carbonCountryPerCapita, year: row.year }))
      .sort((a, b) => a.entity.localeCompare(b.entity, 'en'));
    this.byCode = new Map(rows.map((row) => [row.code, row]));
  }

  /** The full record (with the consumption-based figure), by ISO alpha-2 code. */
  get(code: string): CountryRow | undefined {
    return this.byCode.get(code);
  }

  /** How many countries a `limit` selects (any limit past the end selects them all). */
  size(limit: number): number {
    return Math.min(limit, this.countries.length);
  }

  /** The answer's JSON for the first `size` countries by name. */
  json(size: number): string {
    return JSON.stringify({ success: true, data: this.countries.slice(0, size) });
  }
}
