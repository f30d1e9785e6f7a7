const UNIQUE_VIOLATION = '23505';

/**
 * The unique constraint a failed write broke, or null when the error is something else. Drizzle
 * wraps the driver's error (PGlite and node-postgres alike), so the cause chain is followed.
 */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (let current = error as { code?: unknown; cause?: unknown; constraint?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth += 1) {
    if (current.code === UNIQUE_VIOLATION) return { constraint: typeof current.constraint === 'string' ? current.constraint : '' };
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;
