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
  /** Asking to resend the verification of an account verified already. Verifying it again is no error: a 200 with data.code USER_ALREADY_VERIFIED (spec §4). */
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
  /** Adding would take the wishlist past its cap (WISHLIST_MAX_ITEMS). */
  WISHLIST_FULL: 409,
  /** A review needs a paid order of the reviewer containing the product (for a business review, of that business). */
  REVIEW_NOT_ALLOWED: 403,
  /** This product already has a review in this order (one per product per order). */
  REVIEW_ALREADY_EXISTS: 409,
  /** A newsletter confirmation mail went out less than a minute ago (spec §4: OK-only state). */
  NEWSLETTER_CONFIRMATION_PENDING: 409,
  /** A newsletter confirmation link that expired or was already used. */
  NEWSLETTER_LINK_GONE: 410,
  /** An event footprint's confirmation link that was used, replaced by a newer one, or expired. */
  FOOTPRINT_LINK_GONE: 410,
  /** The request took too long to arrive (the server's request timeout). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** A part of the URL (a path parameter) is longer than the router accepts. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request line and headers together are larger than the server reads. */
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  /** More units asked for than are in stock: the message names the product and how many are left. */
  CART_OUT_OF_STOCK: 409,
  /** The cart would hold more lines than allowed. */
  CART_TOO_MANY_LINES: 400,
  /** A product of the cart has no price in the cart's currency. */
  CART_PRODUCT_NOT_PRICED: 409,
  /** No coupon has this code. */
  COUPON_NOT_FOUND: 404,
  /** The coupon's validity window has ended or not begun. */
  COUPON_NOT_ACTIVE: 400,
  /** The cart's sub-total is below the coupon's minimum order. */
  COUPON_MINIMUM_NOT_MET: 400,
  /** The coupon has been used as many times as it may be (in all, or by this person). */
  COUPON_EXHAUSTED: 409,
  /** The coupon cannot be used in the cart's currency, or on an empty cart. */
  COUPON_NOT_APPLICABLE: 400,
  /** An order needs at least one line in the cart. */
  CART_EMPTY: 400,
  /** The order total is outside what the card provider accepts in this currency. */
  ORDER_TOTAL_OUT_OF_RANGE: 400,
  /** This Idempotency-Key was used before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** An order that is not pending cannot be paid or cancelled again. */
  ORDER_NOT_PAYABLE: 409,
  /** Only an order awaiting payment can be cancelled by its buyer (a paid or expired one cannot). */
  ORDER_NOT_CANCELLABLE: 409,
  /** Too many unpaid orders, or units of one product in them (per account or client address): pay or cancel one first. */
  UNPAID_ORDERS_LIMIT: 409,
  /** A refund would return more than was paid for the order. */
  REFUND_EXCEEDS_PAYMENT: 409,
  /** The order's status does not allow this change (decision 0042's state machine). */
  ORDER_TRANSITION_FORBIDDEN: 409,
  /** The refund names a line not in the order, or more units than are left to refund. */
  REFUND_LINES_INVALID: 409,
  /** A payment-provider webhook whose signature does not verify (forged, altered or too old). */
  WEBHOOK_SIGNATURE_INVALID: 400,
  /** The card provider could not be reached or refused the request; nothing was charged. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** The caller owns a business already (one per owner). */
  BUSINESS_EXISTS: 409,
  /** The caller is an active member of a business already (one at a time): they exit it first. */
  ALREADY_IN_BUSINESS: 409,
  /** A business's owner cannot join it as a member. */
  CANNOT_JOIN_OWN_BUSINESS: 409,
  /** The owner removed this person from the business; they join again only after the owner re-admits them. */
  REMOVED_FROM_BUSINESS: 403,
  /** The account's uploaded images already fill its storage allowance. */
  UPLOAD_QUOTA_EXCEEDED: 413,
  /** Another business has this address name (slug). */
  SLUG_TAKEN: 409,
  /** These two people already have a chain of this relationship (in either direction). */
  CHAIN_EXISTS: 409,
  /** A chain needs two different people. */
  CHAIN_WITH_SELF: 400,
  /** Admin API: a sign-in session where the admin session (after the second factor) is needed: ask for a code (decision 0028). */
  MFA_REQUIRED: 401,
  /** Admin API: an operator without a second factor yet: enrol one (`POST /api/admin/v1/mfa/enrolment`). */
  MFA_ENROLMENT_REQUIRED: 401,
  /** Admin API: the admin session ended (12 hours at most, signed out, role removed): ask for a code again. */
  ADMIN_SESSION_EXPIRED: 401,
  /** A wrong or already used authenticator code or recovery code. */
  MFA_CODE_INVALID: 400,
  /** Too many wrong codes in a row: code checks pause until `lockedUntil`. */
  MFA_TOO_MANY_ATTEMPTS: 429,
  /** This operator has a second factor already (an owner can reset it). */
  MFA_ALREADY_ENROLLED: 409,
  /** Staff asked for something only an owner may do. */
  OWNER_REQUIRED: 403,
  /** The shop always keeps at least one owner. */
  LAST_OWNER: 409,
  /** Sign-in to this account was locked by the shop. */
  ACCOUNT_DISABLED: 403,
  /** A product that was ever ordered is archived, never deleted. */
  PRODUCT_HAS_ORDERS: 409,
  /** Stock cannot go below the units pending orders hold, nor below zero. */
  STOCK_CONFLICT: 409,
  /** A category or tag still used by products: merge it into another first. */
  IN_USE: 409,
  /** A CSV import with errors: nothing was written (`fields` names each row and column). */
  IMPORT_INVALID: 400,
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
