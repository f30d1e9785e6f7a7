import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import { ownSustainabilityProfileSchema, profileSlugParamsSchema, publicSustainabilityProfileSchema, sustainabilityProfileBodySchema } from '@app/contract/sustainability';
import type { SustainabilityService } from './sustainability.service.ts';

const tags = ['sustainability profile'];
const security = [{ bearerAuth: [] }];

/** The owner's profile (GET/PUT) and its public view by the user's slug. */
export const sustainabilityRoutes: FastifyPluginAsyncZod<{ profiles: SustainabilityService }> = async (app, { profiles }) => {
  app.get(
    '/v1/sustainability-profile',
    { config: { auth: true }, schema: { tags, security, summary: 'Your sustainability profile, every field (empty until first saved)', response: { 200: dataEnvelope(ownSustainabilityProfileSchema), 401: failure, 429: failure } } },
    async (request) => ({ success: true as const, data: await profiles.own(request.user!.account) }),
  );

  app.put(
    '/v1/sustainability-profile',
    {
      config: { auth: true },
      schema: {
        tags,
        security,
        summary: 'Save your sustainability profile (the whole profile; show flags choose what the public page shows)',
        body: sustainabilityProfileBodySchema,
        response: { 200: dataEnvelope(ownSustainabilityProfileSchema), 400: failure, 401: failure, 429: failure },
      },
    },
    async (request) => ({ success: true as const, message: 'Sustainability profile saved', data: await profiles.save(request.user!.account, request.body) }),
  );

  app.get(
    '/v1/sustainability-profiles/:slug',
    {
      schema: {
        tags,
        summary: 'A public sustainability profile: fields whose show flag is off are left out',
        params: profileSlugParamsSchema,
        response: { 200: dataEnvelope(publicSustainabilityProfileSchema), 400: failure, 404: failure, 429: failure },
      },
    },
    async (request) => ({ success: true as const, data: await profiles.publicView(request.params.slug) }),
  );
};
