import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import { giftClaimBodySchema, giftClaimEnvelopeSchema, giftTokenParamsSchema, giftViewEnvelopeSchema } from '@app/contract/orders';
import type { GiftsService } from './gifts.service.ts';

const tags = ['gifts'];
const security = [{ bearerAuth: [] }];
/** Tokens have 256 random bits; the limit keeps anyone from even trying at speed. */
const GIFT_LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** A gift's page (public, by the token in its email) and claiming it (signed in, the recipient's account). */
export const giftRoutes: FastifyPluginAsyncZod<{ gifts: GiftsService }> = async (app, { gifts }) => {
  app.get(
    '/v1/gifts/:token',
    {
      config: { rateLimit: GIFT_LOOKUP_RATE_LIMIT },
      schema: {
        tags,
        summary: "A gift by the token in its recipient's email: the certificate, who gave it, and whether it can still be claimed",
        params: giftTokenParamsSchema,
        response: { 200: giftViewEnvelopeSchema, 400: failure, 404: failure, 429: failure },
      },
    },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send({ success: true as const, data: await gifts.view(request.params.token) }),
  );

  app.post(
    '/v1/gifts/claim',
    {
      config: { auth: true, rateLimit: GIFT_LOOKUP_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: "Claim a gift: only the account whose verified email the gift was sent to, once; its tonnes then count in the recipient's footprint instead of the giver's",
        body: giftClaimBodySchema,
        response: { 200: giftClaimEnvelopeSchema, 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure },
      },
    },
    async (request) => ({ success: true as const, ...(await gifts.claim(request.user!.account, request.body.token)) }),
  );
};
