import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { adminIdSchema } from './common.ts';
import { productSlugSchema } from './products.ts';

/**
 * `categories` and `tags` (staff and owners): create, rename, merge, reorder, delete (when no
 * product uses them; merge moves products first). The storefront lists categories in the
 * operators' order; a product shows its tags in the tags' order. Both lists are small and
 * answered whole, in that order.
 */

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof categorySchema>;

export const categoryCreateBodySchema = z.object({
  name: textField({ label: 'category name', max: 80, required: true }),
  /** Derived from the name when left out. */
  slug: productSlugSchema.optional(),
});
export type CategoryCreateBody = z.input<typeof categoryCreateBodySchema>;

export const categoryUpdateBodySchema = categoryCreateBodySchema.partial().refine((body) => body.name !== undefined || body.slug !== undefined, {
  message: 'Send a new name or slug',
  path: ['name'],
});
export type CategoryUpdateBody = z.input<typeof categoryUpdateBodySchema>;

export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  position: z.number().int(),
  productCount: z.number().int(),
});
export type AdminTag = z.infer<typeof tagSchema>;

export const tagBodySchema = z.object({ name: textField({ label: 'tag', max: 60, required: true }) });
export type TagBody = z.input<typeof tagBodySchema>;

/** `POST categories/{id}/merge`, `POST tags/{id}/merge`: every product of {id} moves to `into`; {id} is deleted. */
export const mergeBodySchema = z.object({ into: adminIdSchema('the id to merge into') });
export type MergeBody = z.input<typeof mergeBodySchema>;

/** `PUT categories/order`, `PUT tags/order`: every id once, in the new order. */
export const orderBodySchema = z.object({
  ids: z
    .array(adminIdSchema())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once'),
});
export type OrderBody = z.input<typeof orderBodySchema>;
