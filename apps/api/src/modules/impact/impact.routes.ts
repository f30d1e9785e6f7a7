import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import { impactEnvelopeSchema, impactParamsSchema, type ImpactKind } from '@app/contract/impact';
import { notFound } from '../../lib/app-error.ts';
import { rememberingValidator } from '../catalog/remembering-validator.ts';
import type { ImpactEntry, ImpactReadModel } from './impact.read-model.ts';

const tags = ['impact'];
/**
 * Browsers and the sites embedding a badge may keep it a minute, then revalidate (304 on the
 * ETag): a new or voided certificate shows within a minute everywhere, at once here.
 */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** The public impact of a sustainability page and its embeddable badge (issue 27.3, 26.17). */
export const impactRoutes: FastifyPluginAsyncZod<{ model: ImpactReadModel }> = async (app, { model }) => {
  const answer = (request: FastifyRequest, reply: FastifyReply, entry: ImpactEntry, as: 'svg' | 'json') => {
    const etag = as === 'svg' ? entry.svgEtag : entry.jsonEtag;
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (as === 'svg') reply.header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(as === 'svg' ? 'image/svg+xml; charset=utf-8' : 'application/json; charset=utf-8').send(as === 'svg' ? entry.svg : entry.json);
  };

  const serve = (as: 'svg' | 'json') => (request: FastifyRequest<{ Params: { kind: ImpactKind; slug: string } }>, reply: FastifyReply) => {
    const { kind, slug } = request.params;
    const entry = model.get(kind, slug);
    if (entry) return answer(request, reply, entry, as);
    return model.load(kind, slug).then((built) => {
      // No public page (no published profile, unknown slug): the same 404 either way.
      if (!built) throw notFound('That sustainability page');
      return answer(request, reply, built, as);
    });
  };

  app.get(
    '/v1/impact/:kind/:slug',
    {
      compress: false,
      // Badges are read again and again with the same few slugs: zod checks each distinct one once.
      validatorCompiler: rememberingValidator,
      schema: {
        tags,
        security: [],
        summary: 'Tonnes a public sustainability page (users or businesses) has retired, from valid certificates only, with the certificates and tonnes per month',
        params: impactParamsSchema,
        response: { 200: impactEnvelopeSchema, 304: z.null().describe('Not modified (If-None-Match)'), 400: failure, 404: failure, 429: failure },
      },
    },
    serve('json') as never,
  );

  app.get(
    '/v1/impact/:kind/:slug/badge.svg',
    {
      compress: false,
      // Badges are read again and again with the same few slugs: zod checks each distinct one once.
      validatorCompiler: rememberingValidator,
      schema: {
        tags,
        security: [],
        summary: 'The embeddable verified impact badge (SVG) of a public sustainability page',
        params: impactParamsSchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string().describe('The badge (image/svg+xml)'), 304: z.null().describe('Not modified (If-None-Match)'), 400: failure, 404: failure, 429: failure },
      },
    },
    serve('svg') as never,
  );
};
