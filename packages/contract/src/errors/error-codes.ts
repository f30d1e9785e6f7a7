/**
 * The one closed list of error codes the API can answer with, and the HTTP status of each.
 * The web app switches on `code`; the API's error handler is the only place that maps a code to
 * a status. Add a code here before using it anywhere else.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 400,
  INVALID_TOKEN: 400,
  /** The account was verified already (spec §4: the web shows 'Email Already Verified'). */
  USER_ALREADY_VERIFIED: 409,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** Too many failed logins: the message says until when. */
  ACCOUNT_LOCKED: 429,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** A newsletter confirmation mail went out less than a minute ago (spec §4: OK-only state). */
  NEWSLETTER_CONFIRMATION_PENDING: 409,
  /** A newsletter confirmation link that expired or was already used. */
  NEWSLETTER_LINK_GONE: 410,
  /** The request took too long to arrive (the server's request timeout). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** A part of the URL (a path parameter) is longer than the router accepts. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request line and headers together are larger than the server reads. */
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function statusForErrorCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
