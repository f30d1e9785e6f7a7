import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportSchema, airportSearchQuerySchema, countryListQuerySchema, countrySchema, dataEnvelope, errorEnvelopeSchema } from '@app/contract';
import { z } from 'zod';
import type { ReferenceData } from './reference.service.ts';

/** Public reference data: no token needed (spec §6, visitors read airports and countries). */
export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceData }> = async (app, { reference }) => {
  app.get(
    '/v1/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Country records sorted by name, without those with no code or a per-capita CO2 of 0 (ETag; 304 when unchanged)',
        querystring: countryListQuerySchema,
        response: { 200: dataEnvelope(z.array(countrySchema)), 304: z.null().describe('Not modified'), 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { body, etag } = reference.countries.body(request.query.limit);
      // Changes only with a re-seed and restart; an hour of caching, then a cheap revalidation.
      reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      // Bytes serialised once; a Buffer skips the serializer, so the typed reply is set aside here.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/airports',
    {
      schema: {
        tags: ['reference'],
        summary: 'Airport type-ahead by IATA code, name or city: exact code first, then prefix, then word-prefix matches',
        querystring: airportSearchQuerySchema,
        response: { 200: dataEnvelope(z.array(airportSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: reference.airports.search(request.query.q, request.query.limit) }),
  );
};

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}
