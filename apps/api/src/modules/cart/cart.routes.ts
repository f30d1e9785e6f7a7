import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import {
  cartEnvelopeSchema,
  cartGiftBodySchema,
  cartItemParamsSchema,
  cartTransferBodySchema,
  cartUpdateBodySchema,
  expressCheckoutBodySchema,
  getStripeCouponBodySchema,
  trackCountryBodySchema,
  trackCountryResponseSchema,
} from '@app/contract/cart';
import { CATALOG_TAG, personalRead, productTag } from '../../plugins/personal-reads.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { CartService } from './cart.service.ts';
import { trackCountry } from './track-country.ts';

const tags = ['cart'];
const security = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 404: failure, 409: failure, 429: failure };

/** The cart calls of spec §7 and track-country. Every cart call is the signed-in person's own cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartService; authRepository: AuthRepository }> = async (app, { carts, authRepository }) => {
  const signedIn = { auth: true } as const;

  // Kept as a ready answer (decision 0062): the person's writes, a change of a product in it
  // (prices, stock, a product gone) and another host's change to this cart (app.ts) forget it.
  const cartRead = personalRead(app.personalReads, cartEnvelopeSchema, { tags: () => [CATALOG_TAG], answerTags: (answer) => answer.data.products.map((line) => productTag(line.product.id)) });
  app.get('/v1/carts', { config: signedIn, schema: { tags, security, summary: 'Your cart, priced by the server in its currency', response: { 200: cartEnvelopeSchema, ...errors } }, ...cartRead.options }, async (request, reply) =>
    cartRead.answer(request, reply, () => carts.get(request.user!.account)),
  );

  app.patch(
    '/v1/carts',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Change your cart: add products (a product already there gains quantity; 0 removes it), set quantities with checkout, merge a guest cart with itemsPreLogin, re-price with updateCurrency',
        body: cartUpdateBodySchema,
        response: { 200: cartEnvelopeSchema, ...errors },
      },
    },
    async (request) => carts.update(request.user!.account, request.body),
  );

  app.delete('/v1/carts', { config: signedIn, schema: { tags, security, summary: 'Empty your cart (its coupon and event ties go too)', response: { 200: cartEnvelopeSchema, ...errors } } }, async (request) =>
    carts.clear(request.user!.account),
  );

  app.patch(
    '/v1/carts/:id/remove',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Remove one line of your cart by its cartItemId', params: cartItemParamsSchema, body: getStripeCouponBodySchema, response: { 200: cartEnvelopeSchema, ...errors } },
    },
    async (request) => carts.removeLine(request.user!.account, request.params.id),
  );

  app.patch(
    '/v1/carts/:id/gift',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Give one offset line of your cart to someone (name, email, optional message and delivery date), or take the gift back with gift null',
        params: cartItemParamsSchema,
        body: cartGiftBodySchema,
        response: { 200: cartEnvelopeSchema, ...errors },
      },
    },
    async (request) => carts.setGift(request.user!.account, request.params.id, request.body),
  );

  app.put(
    '/v1/carts/transfer',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Fill your cart for a business you own or belong to (the checkout then preselects a business order)', body: cartTransferBodySchema, response: { 200: cartEnvelopeSchema, 403: failure, ...errors } },
    },
    async (request) => carts.transfer(request.user!.account, request.body.businessCode),
  );

  app.put(
    '/v1/carts/transfer/reverse',
    {
      config: signedIn,
      schema: { tags, security, summary: "Make your cart personal again (the code must be the cart's business)", body: cartTransferBodySchema, response: { 200: cartEnvelopeSchema, ...errors } },
    },
    async (request) => carts.transferBack(request.user!.account, request.body.businessCode),
  );

  app.patch(
    '/v1/calculate-express-checkout',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Totals for buying these products at once (nothing is stored)', body: expressCheckoutBodySchema, response: { 200: cartEnvelopeSchema, ...errors } },
    },
    async (request) => carts.express(request.user!.account, request.body),
  );

  app.patch(
    '/v1/track-country',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['currency'],
        summary: "The visitor's chosen country: stored for a signed-in person (currency strength level 2) and answered with the currency to show",
        body: trackCountryBodySchema,
        response: { 200: trackCountryResponseSchema, 400: failure, 429: failure },
      },
    },
    async (request) => trackCountry(authRepository, request.user?.account ?? null, request.body.country),
  );
};
