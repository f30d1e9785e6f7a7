import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import { wishlistSchema, wishlistUpdateBodySchema } from '@app/contract/wishlist';
import type { WishlistService } from './wishlist.service.ts';
import { CATALOG_TAG, personalRead, productTag } from '../../plugins/personal-reads.ts';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];

/** Spec §7: `GET /v1/wishlists` and `PATCH /v1/wishlists` with `{products}`; signed in only, own list only. */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlists: WishlistService }> = async (app, { wishlists }) => {
  // Kept per person (decision 0062): forgotten by their writes, and by a change of a product in it
  // (the answer carries the products' prices and stock).
  const envelope = dataEnvelope(wishlistSchema);
  const read = personalRead(app.personalReads, envelope, { tags: () => [CATALOG_TAG], answerTags: (answer) => answer.data.products.map(productTag) });
  app.get(
    '/v1/wishlists',
    {
      config: { auth: true },
      schema: { tags, security, summary: 'Your wishlist: product ids in the order added, and the products', response: { 200: envelope, 401: failure, 429: failure } },
      ...read.options,
    },
    async (request, reply) => read.answer(request, reply, async () => ({ success: true as const, data: await wishlists.get(request.user!.id) })),
  );

  app.patch(
    '/v1/wishlists',
    {
      config: { auth: true },
      schema: {
        tags,
        security,
        summary: 'Change your wishlist',
        description:
          'Without `action`, `products` is the whole new list (add = current + id, remove = current − id, remove all = []). ' +
          "With `action: 'add'` or `'remove'`, `products` is a delta applied atomically, so concurrent adds all land. " +
          'Duplicate or unknown product ids are refused with 400 naming them; a wishlist holds at most 200 products (409 WISHLIST_FULL).',
        body: wishlistUpdateBodySchema,
        response: { 200: dataEnvelope(wishlistSchema), 400: failure, 401: failure, 409: failure, 429: failure },
      },
    },
    async (request) => {
      const { wishlist, message } = await wishlists.update(request.user!.id, request.body);
      return { success: true as const, message, data: wishlist };
    },
  );
};
