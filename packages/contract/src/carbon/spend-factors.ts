import { USEEIO_V1_2_ROWS } from './datasets/useeio-v1.2.ts';
import { CARBON_FACTORS } from './factors.ts';
import { useFactor, type FactorUsed } from './factors-used.ts';
import { CARBON_LIMITS, CarbonInputError, requireNumber } from './result.ts';

export interface SpendFactor {
  naics: string;
  title: string;
  /** kg CO2e per 2021 US dollar, purchaser price, supply chain including margins. */
  kgPerUsd: number;
}

let byNaics: Map<string, SpendFactor> | undefined;

/**
 * The US EPA USEEIO v1.2 factor of a 2017 NAICS-6 code (1,016 commodities). The lookup is built
 * on first use rather than at import, so a web bundle that never prices spend leaves the 60 KB
 * table out (a top-level `new Map(...)` counts as a side effect and defeats tree-shaking).
 */
export function spendFactor(naics: string): SpendFactor | undefined {
  byNaics ??= new Map(USEEIO_V1_2_ROWS.map(([code, title, kgPerUsd]) => [code, { naics: code, title, kgPerUsd }]));
  return byNaics.get(naics);
}

/**
 * The categories a business or event most often buys (MODEL.md §6–7), for pickers; any other
 * NAICS-6 code of the table is accepted too.
 */
export const COMMON_SPEND_CATEGORIES = [
  '481111', '484121', '485510', '485999', '721110', '722511', '722320', '531120',
  '561920', '541511', '541611', '541810', '522110', '323111', '327310', '562212',
] as const;

/** One purchase: an amount in 2021 US dollars under a NAICS-6 category. */
export interface SpendLine {
  naics: string;
  usd: number;
}

export interface SpendLineResult extends SpendFactor {
  usd: number;
  total: number;
}

/**
 * Spend × factor. Only USD is accepted: no sourced exchange-rate and deflator table ships with
 * the model (MODEL.md §7, open item; docs/decisions/0008).
 */
export function spendLine(line: SpendLine, field: string, factors?: FactorUsed[]): SpendLineResult {
  if (!line || typeof line !== 'object') throw new CarbonInputError(field, `${field} must be an object`);
  const factor = typeof line.naics === 'string' ? spendFactor(line.naics) : undefined;
  if (!factor) throw new CarbonInputError(`${field}.naics`, `${field}.naics is not a NAICS-6 category of the US EPA factor table`);
  const usd = requireNumber(line.usd, `${field}.usd`, { max: CARBON_LIMITS.maxUsd });
  const source = CARBON_FACTORS.spend.source;
  useFactor(factors, { name: `Spend, NAICS ${factor.naics} ${factor.title}`, value: factor.kgPerUsd, unit: source.unit, source: source.value, year: source.year });
  return { ...factor, usd, total: usd * factor.kgPerUsd };
}
