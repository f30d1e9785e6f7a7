import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, pageEnvelope } from '@app/contract';
import { galleryCaptionSchema, galleryIdParamsSchema, galleryImageSchema, galleryListQuerySchema, USER_GALLERY_MAX_IMAGES } from '@app/contract/shop-pages';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_RATE_LIMIT } from '../uploads/uploads.routes.ts';
import type { Galleries } from './galleries.service.ts';
import { parseFields, readImageForm } from './multipart-form.ts';

const tags = ['user galleries'];
const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 404: failure, 409: failure, 413: failure, 415: failure, 429: failure };

/** `POST /v1/user-galleries` (spec §7) and the reads and deletes that go with it: the caller's own images only. */
export const galleryRoutes: FastifyPluginAsyncZod<{ galleries: Galleries }> = async (app, { galleries }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 2_000, headerPairs: 50 } });

  app.post(
    '/v1/user-galleries',
    {
      config: { auth: true, rateLimit: UPLOAD_RATE_LIMIT },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: { tags, security, summary: `Add an image to your gallery (multipart: file "file", PNG, JPEG or WebP, 2 MB; optional field "caption"; ${USER_GALLERY_MAX_IMAGES} images at most)`, consumes: ['multipart/form-data'], response: { 201: dataEnvelope(galleryImageSchema), ...errors } },
    },
    async (request, reply) => {
      const form = await readImageForm(request, ['file']);
      const { caption } = parseFields(z.strictObject({ caption: galleryCaptionSchema.optional() }), form.fields);
      const file = form.files.file;
      if (!file) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { fields: { file: ['is required'] } });
      return reply.code(201).send({ success: true as const, message: 'Image added to your gallery', data: await galleries.add(request.user!.id, file, caption ?? '') });
    },
  );

  app.get(
    '/v1/user-galleries',
    { config: signedIn, schema: { tags, security, summary: 'Your gallery, newest first', querystring: galleryListQuerySchema, response: { 200: pageEnvelope(galleryImageSchema), ...errors } } },
    async (request) => ({ success: true as const, ...(await galleries.list(request.user!.id, request.query.page, request.query.size)) }),
  );

  app.delete(
    '/v1/user-galleries/:id',
    { config: signedIn, schema: { tags, security, summary: 'Delete one of your images (another person’s is 404)', params: galleryIdParamsSchema, response: { 200: dataEnvelope(galleryImageSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Image deleted', data: await galleries.remove(request.user!.id, request.params.id) }),
  );
};
