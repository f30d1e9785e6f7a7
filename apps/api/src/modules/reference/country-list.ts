import { createHash } from 'node:crypto';
import type { Country } from '@app/contract';
import type { CountryRow } from './reference.repository.ts';

/** A ready-to-send answer: the JSON envelope's bytes and their strong ETag. */
export interface PreparedBody {
  body: Buffer;
  etag: string;
}

/**
 * The country list as every visitor reads it (spec §4, §7), serialised once. Any `limit` is a
 * prefix of the sorted list, so each distinct one is serialised at most once (255 at most).
 */
export class CountryList {
  readonly countries: Country[];
  private readonly byCode: Map<string, CountryRow>;
  private readonly prepared = new Map<number, PreparedBody>();

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

  body(limit: number): PreparedBody {
    const size = Math.min(limit, this.countries.length);
    let prepared = this.prepared.get(size);
    if (!prepared) {
      const body = Buffer.from(JSON.stringify({ success: true, data: this.countries.slice(0, size) }));
      prepared = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.prepared.set(size, prepared);
    }
    return prepared;
  }
}
