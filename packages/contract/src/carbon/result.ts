import { CARBON_UNIT, FACTOR_SET_YEAR } from './factors.ts';
import type { FactorUsed } from './factors-used.ts';

/**
 * What every calculator answers: the total and its parts in kg CO2e (unrounded: round only
 * for display), with the factor-set year so a stored result never silently changes meaning.
 */
export interface FootprintResult<Component extends string> {
  unit: typeof CARBON_UNIT;
  factorSetYear: number;
  total: number;
  breakdown: Record<Component, number>;
  /** Where the model had to fall back or assume something about this input. */
  notes: string[];
  /** Every factor the result used, with its source and year. */
  factors: FactorUsed[];
}

export function footprint<Component extends string>(breakdown: Record<Component, number>, notes: string[] = [], factors: FactorUsed[] = []): FootprintResult<Component> {
  let total = 0;
  for (const value of Object.values<number>(breakdown)) total += value;
  return { unit: CARBON_UNIT, factorSetYear: FACTOR_SET_YEAR, total, breakdown, notes, factors };
}

/**
 * Bad input to a calculation, naming the field with the same dotted path the API's validation
 * errors use (`legs.0.distanceKm`), so a 400 from either place reads the same.
 */
export class CarbonInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'CarbonInputError';
    this.field = field;
  }
}

/** Bounds shared by the pure functions and the zod schemas, so both refuse the same input. */
export const CARBON_LIMITS = {
  maxHouseholdMembers: 50,
  maxPerCapitaTonnes: 200,
  /** Longer than half the Earth's circumference (~20,015 km) is not a flight leg. */
  maxDistanceKm: 20_100,
  maxTravellers: 100_000,
  maxTrips: 1_000,
  maxAttendees: 1_000_000,
  maxNights: 366,
  maxMealsPerAttendee: 1_000,
  maxUsd: 1e12,
  maxCarOccupants: 9,
  maxListItems: 500,
} as const;

export function requireNumber(value: unknown, field: string, { min = 0, max = Number.MAX_VALUE, integer = false } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new CarbonInputError(field, `${field} must be a number`);
  if (integer && !Number.isInteger(value)) throw new CarbonInputError(field, `${field} must be a whole number`);
  if (value < min) throw new CarbonInputError(field, min === 0 ? `${field} must not be negative` : `${field} must be at least ${min}`);
  if (value > max) throw new CarbonInputError(field, `${field} must be at most ${max}`);
  return value;
}

export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw new CarbonInputError(field, `${field} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function requireList<T>(value: readonly T[] | undefined, field: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new CarbonInputError(field, `${field} must be a list`);
  if (value.length > CARBON_LIMITS.maxListItems) throw new CarbonInputError(field, `${field} may have at most ${CARBON_LIMITS.maxListItems} entries`);
  return value;
}
