import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import { certificateSerialParamsSchema, certificatesEnvelopeSchema, publicCertificateEnvelopeSchema, userCertificatesParamsSchema } from '@app/contract/orders';
import type { CertificatesService } from './certificates.service.ts';

const tags = ['certificates'];
const security = [{ bearerAuth: [] }];

/**
 * Lookups of one serial per client per minute. A serial has 60 random bits, so guessing one is
 * hopeless anyway; the limit keeps a scraper from even trying at speed.
 */
export const CERTIFICATE_LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The owner's list and PDF (signed in), and the public verification of a serial. */
export const certificateRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (app, { certificates }) => {
  app.get(
    '/v1/users/:id/certificates',
    {
      config: { auth: true },
      schema: {
        tags,
        security,
        summary: 'Your retirement certificates, newest first (only your own user id)',
        params: userCertificatesParamsSchema,
        response: { 200: certificatesEnvelopeSchema, 400: failure, 401: failure, 403: failure, 429: failure },
      },
    },
    async (request) => ({ success: true as const, data: await certificates.listOwn(request.user!.id, request.params.id) }),
  );

  app.get(
    '/v1/certificates/:serial',
    {
      config: { rateLimit: CERTIFICATE_LOOKUP_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Verify a certificate serial (public): what the certificate states, without the buyer or the order',
        params: certificateSerialParamsSchema,
        response: { 200: publicCertificateEnvelopeSchema, 400: failure, 404: failure, 429: failure },
      },
    },
    async (request, reply) => {
      const data = await certificates.verify(request.params.serial);
      // A certificate may be voided later (refund): caches may keep the answer only briefly.
      return reply.header('cache-control', 'public, max-age=60').send({ success: true as const, data });
    },
  );

  app.get(
    '/v1/certificates/:serial/pdf',
    {
      config: { auth: true },
      schema: {
        tags,
        security,
        summary: 'Download your certificate as a one-page A4 PDF (owner only; others get 404)',
        params: certificateSerialParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('The PDF document (application/pdf)'), 400: failure, 401: failure, 404: failure, 429: failure },
      },
    },
    async (request, reply) => {
      const pdf = await certificates.pdf(request.params.serial, request.user!.id);
      // A Buffer skips the response serialiser.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${request.params.serial}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never);
    },
  );
};
