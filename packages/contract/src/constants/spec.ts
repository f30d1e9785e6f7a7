/** Business constants and limits of spec §9, in one place. */
export const BUSINESS_LIST_PAGE_SIZE = 100;
export const BUSINESS_ORDERS_PAGE_SIZE = 10;
export const FEATURED_PRODUCTS_SLICE = 8;
/**
 * Products the home page's "Shop all" grid shows (three rows of four on desktop); it links to
 * the catalog for the rest, so the home page's HTML and data stay the same size at any catalog size.
 */
export const HOME_GRID_SIZE = 12;
export const NEWSLETTER_SUCCESS_STATUSES = [200, 201, 409] as const;
export const LOGIN_ATTEMPT_WARNING_THRESHOLD = 5;
export const DEFAULT_CART_TYPE = 'regular';
export const EXPRESS_CHECKOUT_COUPON_DEFAULT = true;
export const REQUEST_TIMEOUT_MS = 0;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_COUNTDOWN_SECONDS = 5 * 60;
export const NEWSLETTER_POPUP_CLOSE_DELAY_MS = 1000;
export const REDIRECT_AFTER_VERIFICATION_MS = 1000;
export const COMPARE_SCROLL_STEP_PX = 400;
export const COUNTRY_FETCH_LIMIT = 255;
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const DEFAULT_THEME = 'blue';
export const PRICE_DECIMALS = 2;

/** Cookies the web app uses (spec §3). */
export const COOKIES = {
  session: 'JWTToken',
  checkout: 'checkout',
  paymentSession: 'stripeSession',
  userSlug: 'userSlug',
  countrySet: 'COUNTRY_SET',
} as const;

/** Local-storage keys the web app uses (spec §3). */
export const STORAGE_KEYS = [
  'JoinBusinessCode',
  'JoinSupplierCode',
  'JoinDistributorCode',
  'RID',
  'ReferralID',
  'conferenceCode',
  'userId',
  'email',
  'name',
  'userCreated',
  'JoinedBusinessDetails',
  'MyBusinessDetails',
  'TotalOrders',
  'businessCode',
  'eventOwnerOrder',
  'lowestProduct',
  'userEventId',
  'BusinessOrderSelection',
  'isLastOrderBusiness',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

/** Keys kept across login and register (spec §4): join codes, referral ids, conference code. */
export const STORAGE_KEYS_KEPT_ON_LOGIN: readonly StorageKey[] = [
  'JoinBusinessCode',
  'JoinSupplierCode',
  'JoinDistributorCode',
  'RID',
  'ReferralID',
  'conferenceCode',
];
