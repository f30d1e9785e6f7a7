import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, messageEnvelopeSchema, pageEnvelope } from '@app/contract';
import { footprintIdParamsSchema, footprintVisibilityBodySchema, footprintListQuerySchema, latestFootprintQuerySchema, offsetsRetiredSchema, saveFootprintBodySchema, savedFootprintSchema, type OffsetsRetired } from '@app/contract/footprints';
import type { FootprintsService } from './footprints.service.ts';
import { personalRead } from '../../plugins/personal-reads.ts';

const tags = ['carbon'];
const security = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 429: failure };

/** A signed-in user's saved footprints (history): save, list, latest, delete one. */
export const footprintRoutes: FastifyPluginAsyncZod<{ footprints: FootprintsService; offsetsRetired: (userId: string) => Promise<OffsetsRetired> }> = async (
  app,
  { footprints, offsetsRetired },
) => {
  const signedIn = { auth: true } as const;

  app.post(
    '/v1/carbon/footprints',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Save a calculation: the server recomputes the result from the inputs and keeps it with the factor-set year',
        body: saveFootprintBodySchema,
        response: { 201: dataEnvelope(savedFootprintSchema), ...errors, 409: failure },
      },
    },
    async (request, reply) => {
      const data = await footprints.save(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Footprint saved', data });
    },
  );

  // Kept per person (decision 0062): only the owner's writes change the list.
  const listEnvelope = pageEnvelope(savedFootprintSchema);
  const list = personalRead(app.personalReads, listEnvelope);
  app.get(
    '/v1/carbon/footprints',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Saved footprints, newest first (paginated; optional kind)', querystring: footprintListQuerySchema, response: { 200: listEnvelope, ...errors } },
      ...list.options,
    },
    async (request, reply) => list.answer(request, reply, async () => ({ success: true as const, ...(await footprints.list(request.user!.id, request.query)) })),
  );

  app.get(
    '/v1/carbon/footprints/latest',
    {
      config: signedIn,
      schema: { tags, security, summary: 'The newest saved footprint (optional kind), or null', querystring: latestFootprintQuerySchema, response: { 200: dataEnvelope(savedFootprintSchema.nullable()), ...errors } },
    },
    async (request) => ({ success: true as const, data: await footprints.latest(request.user!.id, request.query.kind) }),
  );

  app.get(
    '/v1/carbon/offsets',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "Tonnes of CO2e you have retired: offset products (by the tonne) in your paid orders — the other side of your footprint",
        response: { 200: dataEnvelope(offsetsRetiredSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await offsetsRetired(request.user!.id) }),
  );

  app.patch(
    '/v1/carbon/footprints/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Show one of your saved footprints on your public sustainability page, or stop showing it (404 for any other id)',
        params: footprintIdParamsSchema,
        body: footprintVisibilityBodySchema,
        response: { 200: dataEnvelope(savedFootprintSchema), ...errors, 404: failure },
      },
    },
    async (request) => {
      const data = await footprints.setPublic(request.user!.id, request.params.id, request.body.public);
      return { success: true as const, message: data.public ? 'Shown on your public page' : 'No longer shown on your public page', data };
    },
  );

  app.delete(
    '/v1/carbon/footprints/:id',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Delete one of your saved footprints (404 for any other id)', params: footprintIdParamsSchema, response: { 200: messageEnvelopeSchema, ...errors, 404: failure } },
    },
    async (request) => {
      await footprints.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Footprint deleted' };
    },
  );
};
