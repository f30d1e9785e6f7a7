import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import {
  businessCarbonInputsBodySchema,
  businessCarbonInputsQuerySchema,
  businessCarbonRollupSchema,
  businessCarbonSaveSchema,
  businessCarbonYearInputsSchema,
  businessCodePathSchema,
  businessCodeQuerySchema,
  businessSustainabilitySlugParamsSchema,
  ownBusinessSustainabilityProfileSchema,
  publicBusinessSustainabilityProfileSchema,
  saveBusinessCarbonBodySchema,
} from '@app/contract/business-carbon';
import { sustainabilityProfileBodySchema } from '@app/contract/sustainability';
import type { BusinessCarbonService } from './business-carbon.service.ts';
import type { BusinessSustainabilityService } from './business-sustainability.ts';

const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };

/**
 * Spec §7 `save-carbon-calculations` and `get/carbon-calculations`, the owner's carbon inputs,
 * and the business-sustainability profile (spec §3; the spec shows no calls for it, these are ours).
 * Owner calls go through business.access.ts: 404 for an unknown business, 403 for anyone else.
 */
export const businessCarbonRoutes: FastifyPluginAsyncZod<{ carbon: BusinessCarbonService; profiles: BusinessSustainabilityService }> = async (app, { carbon, profiles }) => {
  const tags = ['business carbon'];

  app.patch(
    '/v1/business-user-profiles/save-carbon-calculations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Save your household footprint into your business (members and the owner): one of your saved footprints by id, or a calculation the server computes; saving the same one again adds nothing',
        body: saveBusinessCarbonBodySchema,
        response: { 200: dataEnvelope(businessCarbonSaveSchema), 201: dataEnvelope(businessCarbonSaveSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await carbon.save(request.user!.id, request.body);
      return reply.code(data.created ? 201 : 200).send({ success: true as const, message: data.created ? `Footprint saved to ${data.businessName}` : `Already saved to ${data.businessName}`, data });
    },
  );

  app.put(
    '/v1/business-profiles/carbon-inputs/:businessCode',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "Record the business's spend (NAICS category, 2021 USD) and travel for its footprint (owner only; empty lists clear them), as this year's or the given reporting year's inputs; answers the roll-up",
        params: businessCodePathSchema,
        querystring: businessCarbonInputsQuerySchema,
        body: businessCarbonInputsBodySchema,
        response: { 200: dataEnvelope(businessCarbonRollupSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: 'Carbon inputs saved', data: await carbon.setInputs(request.user!.id, request.params.businessCode, request.body, request.query.year) }),
  );

  app.get(
    '/v1/business-profiles/carbon-inputs/:businessCode',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "One reporting year's recorded spend and travel (owner only; this year unless `year` names an earlier one; inputs null when none were recorded), to edit before the emissions report reads them",
        params: businessCodePathSchema,
        querystring: businessCarbonInputsQuerySchema,
        response: { 200: dataEnvelope(businessCarbonYearInputsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await carbon.yearInputs(request.user!.id, request.params.businessCode, request.query.year) }),
  );

  app.get(
    '/v1/business-profiles/get/carbon-calculations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The business's footprint (owner only): spend categories and travel, members' footprints, the total, and offsets retired through its paid orders",
        querystring: businessCodeQuerySchema,
        response: { 200: dataEnvelope(businessCarbonRollupSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await carbon.rollup(request.user!.id, request.query.businessCode) }),
  );

  const profileTags = ['business-sustainability profile'];

  app.get(
    '/v1/business-sustainability-profiles/me/:businessCode',
    {
      config: signedIn,
      schema: { tags: profileTags, security, summary: "Your business's sustainability profile, every field (owner only; empty until first saved)", params: businessCodePathSchema, response: { 200: dataEnvelope(ownBusinessSustainabilityProfileSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await profiles.own(request.user!.id, request.params.businessCode) }),
  );

  app.put(
    '/v1/business-sustainability-profiles/me/:businessCode',
    {
      config: signedIn,
      schema: {
        tags: profileTags,
        security,
        summary: "Save your business's sustainability profile (owner only; the whole profile; show flags choose what the public page shows)",
        params: businessCodePathSchema,
        body: sustainabilityProfileBodySchema,
        response: { 200: dataEnvelope(ownBusinessSustainabilityProfileSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: 'Business-sustainability profile saved', data: await profiles.save(request.user!.id, request.params.businessCode, request.body) }),
  );

  app.get(
    '/v1/business-sustainability-profiles/slug/:slug',
    {
      schema: {
        tags: profileTags,
        summary: "A business's public sustainability profile by its address name: fields whose show flag is off are left out",
        params: businessSustainabilitySlugParamsSchema,
        response: { 200: dataEnvelope(publicBusinessSustainabilityProfileSchema), 400: failure, 404: failure, 429: failure },
      },
    },
    async (request) => ({ success: true as const, data: await profiles.publicView(request.params.slug) }),
  );
};
