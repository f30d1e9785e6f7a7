import type { Airport } from '@app/contract';

/**
 * Type-ahead over the ~4.5k airports, built once at start-up. The list is reference data that
 * changes only by re-seeding, and a keystroke-driven search must not scan or query per request,
 * so every searchable key sits in sorted arrays and a search is a binary search plus a short walk.
 *
 * Ranking: the exact IATA code first; then airports whose code, name or city starts with the
 * query; then those where a later word of the name or city starts with it ("heathrow" finds
 * "London Heathrow Airport"). Within a tier, alphabetical by the matching text. Matching ignores
 * case and accents ("sao paulo" finds "São Paulo").
 */
export class AirportIndex {
  private readonly byCode = new Map<string, Airport>();
  /** code, full name and full city: tier "starts with". */
  private readonly prefixKeys: IndexKey[];
  /** every later word of name and city, to the end of the text: tier "a word starts with". */
  private readonly wordKeys: IndexKey[];

  constructor(airports: readonly Airport[]) {
    const prefix: IndexKey[] = [];
    const words: IndexKey[] = [];
    for (const airport of airports) {
      this.byCode.set(airport.code.toUpperCase(), airport);
      prefix.push({ key: normalise(airport.code), airport });
      for (const text of [airport.name, airport.city ?? '']) {
        const normal = normalise(text);
        if (!normal) continue;
        prefix.push({ key: normal, airport });
        for (let i = normal.indexOf(' '); i !== -1; i = normal.indexOf(' ', i + 1)) words.push({ key: normal.slice(i + 1), airport });
      }
    }
    this.prefixKeys = prefix.sort(byKey);
    this.wordKeys = words.sort(byKey);
  }

  get size(): number {
    return this.byCode.size;
  }

  /** The airport with this IATA code (any case), if any. */
  get(code: string): Airport | undefined {
    return this.byCode.get(code.trim().toUpperCase());
  }

  search(query: string, limit: number): Airport[] {
    const q = normalise(query);
    if (!q) return [];
    const found = new Map<string, Airport>();
    const exact = this.byCode.get(q.toUpperCase());
    if (exact) found.set(exact.code, exact);
    for (const tier of [this.prefixKeys, this.wordKeys]) {
      for (let i = lowerBound(tier, q); i < tier.length && found.size < limit && tier[i].key.startsWith(q); i++) {
        if (!found.has(tier[i].airport.code)) found.set(tier[i].airport.code, tier[i].airport);
      }
    }
    return [...found.values()].slice(0, limit);
  }
}

interface IndexKey {
  key: string;
  airport: Airport;
}

const byKey = (a: IndexKey, b: IndexKey) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.airport.code < b.airport.code ? -1 : 1);

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function lowerBound(keys: IndexKey[], q: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid].key < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
