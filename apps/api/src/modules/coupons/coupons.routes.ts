import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import { cartEnvelopeSchema } from '@app/contract/cart';
import { couponApplyBodySchema, couponCodeParamsSchema, couponViewSchema } from '@app/contract/coupons';
import type { CartService } from '../cart/cart.service.ts';
import type { CouponsService } from './coupons.service.ts';

const tags = ['coupons'];
const security = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 404: failure, 409: failure, 429: failure };

/** Coupon calls of spec §7. Applying and removing change the signed-in person's cart. */
export const couponRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService; carts: CartService }> = async (app, { coupons, carts }) => {
  const signedIn = { auth: true } as const;

  app.get(
    '/v1/coupons/:code',
    { config: signedIn, schema: { tags, security, summary: 'A coupon by its code (case-insensitive), if you can use it now', params: couponCodeParamsSchema, response: { 200: dataEnvelope(couponViewSchema), ...errors } } },
    async (request) => coupons.lookUp(request.user!.id, request.params.code),
  );

  app.post(
    '/v1/coupons/:code/apply',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Apply a coupon to your cart (one per cart; a new one replaces the old)', params: couponCodeParamsSchema, body: couponApplyBodySchema, response: { 200: cartEnvelopeSchema, ...errors } },
    },
    async (request) => carts.applyCoupon(request.user!.account, request.params.code, request.body.type),
  );

  app.patch(
    '/v1/coupons/unapply',
    { config: signedIn, schema: { tags, security, summary: 'Remove the coupon from your cart', response: { 200: cartEnvelopeSchema, ...errors } } },
    async (request) => carts.unapplyCoupon(request.user!.account),
  );
};
