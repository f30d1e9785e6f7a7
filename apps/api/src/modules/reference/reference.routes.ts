import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportSchema, airportSearchQuerySchema, countryListQuerySchema, countrySchema, dataEnvelope, errorEnvelopeSchema } from '@app/contract';
import { z } from 'zod';
import { encodeBody, sendEncoded, type EncodedBody } from '../../lib/encoded-body.ts';
import { rememberingValidator } from '../catalog/remembering-validator.ts';
import type { ReferenceData } from './reference.service.ts';

/** Reference data changes only with a re-seed and a restart: an hour of caching, then a cheap revalidation. */
const CACHE_CONTROL = 'public, max-age=3600';
/** Distinct URLs (and airport searches) kept ready; past this the map starts afresh, so made-up queries cannot grow it. */
const KEPT = 2000;

/**
 * Public reference data: no token needed (spec §6, visitors read airports and countries). Both
 * are read on every calculator and address form, so they are answered like the catalog: each
 * distinct answer is serialised and compressed (brotli and gzip) once, with an ETag per encoding,
 * and a URL asked before is sent before validation (the route's own onRequest hook, behind the
 * rate limit's, so every request is still counted).
 */
export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceData }> = async (app, { reference }) => {
  const byUrl = new Map<string, EncodedBody>();
  const countryBodies = new Map<number, Promise<EncodedBody>>();
  const airportBodies = new Map<string, Promise<EncodedBody>>();

  const remembered = <K>(map: Map<K, Promise<EncodedBody>>, key: K, json: () => string): Promise<EncodedBody> => {
    let body = map.get(key);
    if (!body) {
      if (map.size >= KEPT) map.clear();
      body = encodeBody(json());
      map.set(key, body);
      body.catch(() => map.delete(key));
    }
    return body;
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, body: Promise<EncodedBody>) => {
    const ready = await body;
    if (byUrl.size >= KEPT) byUrl.clear();
    byUrl.set(request.url, ready);
    return sendEncoded(request, reply, ready, CACHE_CONTROL);
  };
  const answerKnownUrl = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const body = byUrl.get(request.url);
    if (body) {
      sendEncoded(request, reply, body, CACHE_CONTROL);
      return;
    }
    done();
  };

  app.get(
    '/v1/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Country records sorted by name, without those with no code or a per-capita CO2 of 0 (ETag; 304 when unchanged)',
        querystring: countryListQuerySchema,
        response: { 200: dataEnvelope(z.array(countrySchema)), 304: z.null().describe('Not modified'), 400: errorEnvelopeSchema },
      },
      validatorCompiler: rememberingValidator,
      compress: false,
      onRequest: answerKnownUrl,
    },
    (request, reply) => {
      const size = reference.countries.size(request.query.limit);
      return send(request, reply, remembered(countryBodies, size, () => reference.countries.json(size)));
    },
  );

  app.get(
    '/airports',
    {
      schema: {
        tags: ['reference'],
        summary: 'Airport type-ahead by IATA code, name or city: exact code first, then prefix, then word-prefix matches (ETag; 304 when unchanged)',
        querystring: airportSearchQuerySchema,
        response: { 200: dataEnvelope(z.array(airportSchema)), 304: z.null().describe('Not modified'), 400: errorEnvelopeSchema },
      },
      validatorCompiler: rememberingValidator,
      compress: false,
      onRequest: answerKnownUrl,
    },
    (request, reply) => {
      const { q, limit } = request.query;
      // The service builds each airport with the schema's keys in the schema's order, so this is what the serializer wrote.
      const json = () => JSON.stringify({ success: true, data: reference.airports.search(q, limit) });
      return send(request, reply, remembered(airportBodies, `${limit}|${q.toLowerCase()}`, json));
    },
  );
};
