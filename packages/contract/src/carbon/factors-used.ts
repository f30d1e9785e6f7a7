/**
 * One factor a result was computed with: its value, unit, source and year (issue 27.5: "each
 * result lists the factors it used"). `assumption` marks a modelling choice of MODEL.md rather
 * than a published figure.
 */
export interface FactorUsed {
  name: string;
  value: number;
  unit: string;
  source: string;
  year: number;
  assumption?: boolean;
}

/** Adds a factor to a result's list once (by name): a factor used by ten legs is listed once. */
export function useFactor(list: FactorUsed[] | undefined, factor: FactorUsed): void {
  if (!list || list.some((entry) => entry.name === factor.name)) return;
  list.push(factor.assumption ? factor : { name: factor.name, value: factor.value, unit: factor.unit, source: factor.source, year: factor.year });
}

/** A factor-table entry (value picked by key where it is a table) as a FactorUsed. */
export function factorEntry(name: string, factor: { unit: string; source: string; year: number; assumption?: true }, value: number): FactorUsed {
  return factor.assumption ? { name, value, unit: factor.unit, source: factor.source, year: factor.year, assumption: true } : { name, value, unit: factor.unit, source: factor.source, year: factor.year };
}
