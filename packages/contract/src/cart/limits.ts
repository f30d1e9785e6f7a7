/** Caps that keep one cart (and one request) small; the server refuses anything beyond them. */
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 10_000;
/** Spec §9: the default cart type. */
export const CART_DEFAULT_TYPE = 'regular';
export const CART_TYPES = ['regular'] as const;
export type CartType = (typeof CART_TYPES)[number];
