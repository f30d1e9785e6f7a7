import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import { impactEnvelopeSchema, impactParamsSchema, type ImpactKind } from '@app/contract/impact';
import { notFound } from '../../lib/app-error.ts';
import { rememberingValidator } from '../catalog/remembering-validator.ts';
import { sendPrepared } from './impact-answer.ts';
import type { ImpactEntry, ImpactReadModel } from './impact.read-model.ts';

const tags = ['impact'];
type Params = { kind: ImpactKind; slug: string };

/** The public impact of a sustainability page and its embeddable badge (issue 27.3, 26.17). */
export const impactRoutes: FastifyPluginAsyncZod<{ model: ImpactReadModel }> = async (app, { model }) => {
  const answer = (request: FastifyRequest, reply: FastifyReply, entry: ImpactEntry, as: 'svg' | 'json') => sendPrepared(request.headers, reply, entry[as]);

  /**
   * A page already built is answered from the route's own onRequest hook, before validation (as
   * the catalog's known URLs are): the raw params can only name a built entry if they are exactly
   * the kind and slug it was validated and built under, so skipping the schema changes no answer.
   * The rate limit puts its hook ahead of this one (plugins/rate-limit.ts): every read still counts.
   */
  const answerBuilt = (as: 'svg' | 'json') => (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const { kind, slug } = request.params as Params;
    const entry = model.get(kind, slug);
    if (entry) {
      sendPrepared(request.headers, reply, entry[as]);
      return;
    }
    done();
  };

  const serve = (as: 'svg' | 'json') => (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
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
      onRequest: answerBuilt('json'),
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
      onRequest: answerBuilt('svg'),
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
