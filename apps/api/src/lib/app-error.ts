import type { ErrorCode } from '@app/contract';

/**
 * An expected outcome a client can act on (wrong code, account locked, not found...).
 * Services throw these; the error handler turns them into the failure envelope with the
 * HTTP status that the contract maps to `code`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;
  /** Extra envelope fields the spec names (e.g. loginAttemptCount on failed logins). */
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: { fields?: Record<string, string[]>; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);
