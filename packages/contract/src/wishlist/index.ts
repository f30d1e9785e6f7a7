import { z } from 'zod';
import { productSchema } from '../catalog/product.ts';

/**
 * The wishlist of spec §3 ("wishlist (products list)") and §7 (`GET /v1/wishlists`,
 * `PATCH /v1/wishlists` with `{products}`). One list per signed-in user, kept in the order the
 * products were added.
 */

/** The most products one wishlist holds: enough for any shopper, bounded for the server. */
export const WISHLIST_MAX_ITEMS = 200;

/** Product ids are UUIDs; anything else is refused before it reaches the database. */
const productIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'A product id is a UUID')
  .transform((id) => id.toLowerCase());

export const WISHLIST_ACTIONS = ['add', 'remove'] as const;
export type WishlistAction = (typeof WISHLIST_ACTIONS)[number];

/**
 * `PATCH /v1/wishlists`.
 * - Without `action` (the spec's form), `products` is the whole new list: add = current + id,
 *   remove = current − id, remove all = []. Last writer wins.
 * - With `action: 'add'` or `'remove'`, `products` is a delta applied atomically to whatever the
 *   list holds at that moment, so two tabs adding at once both land.
 * Duplicate or unknown ids are refused with 400 naming them.
 */
export const wishlistUpdateBodySchema = z.object({
  products: z.array(productIdSchema).max(WISHLIST_MAX_ITEMS, `A wishlist holds at most ${WISHLIST_MAX_ITEMS} products`),
  action: z.enum(WISHLIST_ACTIONS).optional(),
});
export type WishlistUpdateBody = z.input<typeof wishlistUpdateBodySchema>;

/** The wishlist as both calls answer it: the ids oldest first, and the products in that order. */
export const wishlistSchema = z.object({
  /** Product ids in the order they were added. */
  products: z.array(z.string()),
  /** The same products as the catalog shows them (with details), in the same order. */
  items: z.array(productSchema),
});
export type Wishlist = z.infer<typeof wishlistSchema>;
