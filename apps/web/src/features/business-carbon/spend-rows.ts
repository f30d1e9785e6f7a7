import type { BusinessCarbonInputsBody, BusinessCarbonRollup } from '@app/contract/business-carbon';

/**
 * The spend form's rows and what they become. Titles and factors of the common categories
 * (US EPA USEEIO v1.2, kg CO2e per 2021 USD) are repeated here so the page does not load the
 * 1,016-row factor table; the server prices every line itself.
 */
export const SPEND_CATEGORIES = [
  { naics: '481111', title: 'Air travel (scheduled passenger)', kgPerUsd: 0.976 },
  { naics: '721110', title: 'Hotels and motels', kgPerUsd: 0.183 },
  { naics: '722511', title: 'Restaurants (full service)', kgPerUsd: 0.218 },
  { naics: '722320', title: 'Caterers', kgPerUsd: 0.155 },
  { naics: '485999', title: 'Ground passenger transport', kgPerUsd: 0.499 },
  { naics: '485510', title: 'Charter bus', kgPerUsd: 0.499 },
  { naics: '484121', title: 'Freight trucking, long distance', kgPerUsd: 1.115 },
  { naics: '531120', title: 'Office and building rent', kgPerUsd: 0.351 },
  { naics: '561920', title: 'Conferences and trade shows', kgPerUsd: 0.121 },
  { naics: '541511', title: 'Software development', kgPerUsd: 0.097 },
  { naics: '541611', title: 'Management consulting', kgPerUsd: 0.084 },
  { naics: '541810', title: 'Advertising', kgPerUsd: 0.129 },
  { naics: '522110', title: 'Banking', kgPerUsd: 0.048 },
  { naics: '323111', title: 'Printing', kgPerUsd: 0.347 },
  { naics: '327310', title: 'Cement', kgPerUsd: 3.858 },
  { naics: '562212', title: 'Waste to landfill', kgPerUsd: 10.989 },
] as const;

export interface SpendRow {
  id: number;
  naics: string;
  /** As typed: dollars, maybe with commas. */
  usd: string;
}

let nextId = 1;
export const newRow = (naics: string = SPEND_CATEGORIES[0].naics, usd = ''): SpendRow => ({ id: nextId++, naics, usd });

/** Rows from stored inputs (one per spend line; an unknown category keeps its code). */
export function rowsFrom(inputs: BusinessCarbonRollup['inputs']): SpendRow[] {
  const rows = (inputs?.spend ?? []).map((line) => newRow(line.naics, String(line.usd)));
  return rows.length > 0 ? rows : [newRow()];
}

export type RowErrors = Record<number, string>;

/** Parse "12,500.50" → 12500.5; null for anything that is not a non-negative amount. */
export function parseUsd(text: string): number | null {
  const cleaned = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value <= 1e12 ? value : null;
}

/**
 * The request for `carbon-inputs`: spend from the rows (blank amounts are skipped), the other
 * stored inputs (flights, hotels, travel) kept as they are. Errors name the row.
 */
export function inputsFromRows(rows: SpendRow[], previous: BusinessCarbonRollup['inputs']): { body: BusinessCarbonInputsBody; errors: RowErrors } {
  const errors: RowErrors = {};
  const spend: Array<{ naics: string; usd: number }> = [];
  for (const row of rows) {
    if (row.usd.trim() === '') continue;
    const usd = parseUsd(row.usd);
    if (usd === null) errors[row.id] = 'Enter an amount in US dollars, like 12,500';
    else spend.push({ naics: row.naics, usd });
  }
  return {
    body: { spend, flights: previous?.flights ?? [], hotelStays: previous?.hotelStays ?? [], surfaceTravel: previous?.surfaceTravel ?? [], radiativeForcing: previous?.radiativeForcing ?? true },
    errors,
  };
}

/** Footprint against offsets, both in tonnes: how much is still to offset (0 when covered). */
export function offsetGap(rollup: Pick<BusinessCarbonRollup, 'totalKg' | 'offsets'>): { footprintTonnes: number; retiredTonnes: number; remainingTonnes: number; coveredShare: number } {
  const footprintTonnes = rollup.totalKg / 1000;
  const retiredTonnes = rollup.offsets.tonnesRetired;
  return {
    footprintTonnes,
    retiredTonnes,
    remainingTonnes: Math.max(footprintTonnes - retiredTonnes, 0),
    coveredShare: footprintTonnes > 0 ? Math.min(retiredTonnes / footprintTonnes, 1) : retiredTonnes > 0 ? 1 : 0,
  };
}
