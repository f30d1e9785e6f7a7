import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import { uploadResultSchema } from '@app/contract/sustainability';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { detectImageType, IMAGE_TYPES } from './image-type.ts';
import { isStoredName, type UploadStore } from './upload-store.ts';
import type { Uploads } from './uploads.service.ts';

/** Largest accepted image. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Uploads per client per minute (on top of the global limit). */
export const UPLOAD_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * POST /api/v1/uploads: one image (PNG, JPEG or WebP, checked by its bytes) from a signed-in
 * user, stored under a random name. Registered with the /api prefix; multipart parsing is
 * scoped to this plugin so no other route accepts multipart bodies.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: Uploads }> = async (app, { uploads }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 1, parts: 2, headerPairs: 50 } });

  app.post(
    '/v1/uploads',
    {
      config: { auth: true, rateLimit: UPLOAD_RATE_LIMIT },
      // The multipart envelope adds a little to the file's own bytes.
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['uploads'],
        security: [{ bearerAuth: [] }],
        summary: `Upload one image (multipart field "file"; PNG, JPEG or WebP by content; at most ${MAX_MB} MB)`,
        consumes: ['multipart/form-data'],
        response: { 201: dataEnvelope(uploadResultSchema), 400: failure, 401: failure, 413: failure, 415: failure, 429: failure },
        description: 'Each account may keep a limited amount of images (UPLOAD_QUOTA_MB, 50 MB by default): past it the answer is 413 UPLOAD_QUOTA_EXCEEDED naming the limit. Images nothing refers to are removed after a day.',
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named file');
      let bytes: Buffer | undefined;
      try {
        // Read every part, so a second file or a stray field is refused rather than ignored.
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file' || bytes) throw uploadError({ code: 'FST_PARTS_LIMIT' });
          bytes = await part.toBuffer();
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!bytes) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { fields: { file: ['is required'] } });
      const extension = detectImageType(bytes);
      if (!extension) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG or WebP image (SVG is not accepted)', { fields: { file: ['must be a PNG, JPEG or WebP image'] } });
      }
      const url = await uploads.save(request.user!.id, bytes, extension);
      return reply.status(201).send({ success: true as const, data: { url, contentType: IMAGE_TYPES[extension], bytes: bytes.length } });
    },
  );
};

/** Busboy and @fastify/multipart errors become the envelope with a sentence a person reads. */
export function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${MAX_MB} MB`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_FAILED', 'Send exactly one file, in a field named file, and nothing else', { fields: { file: ['send one file only'] } });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named file');
  if (error instanceof Error && /Unexpected end of (form|multipart data)|Malformed|boundary/i.test(error.message)) {
    return new AppError('VALIDATION_FAILED', 'The upload was cut off or is not valid multipart data', { fields: { file: ['is not a complete upload'] } });
  }
  return error;
}

/**
 * How long a browser or shared cache may show an upload without asking again (decision 0066):
 * names are random and never reused, so the bytes never change, but an image its owner removed
 * (or a person who left) must stop being shown soon, not a year later. Asking again costs a 304.
 */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /uploads/<name>: the stored bytes with the content type their magic bytes proved, never
 * sniffed (nosniff), shown inline, cached for five minutes and then revalidated by its ETag (the
 * name: the bytes behind a name never change).
 */
export const uploadFileRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  app.get('/uploads/:name', { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } }, async (request, reply) => {
    const { name } = request.params;
    const etag = `"${name}"`;
    // A revalidation only needs to know the file is still there: its bytes are not read.
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      if (!isStoredName(name) || !(await store.exists(`/uploads/${name}`))) throw new AppError('NOT_FOUND', 'That file was not found');
      return reply.header('etag', etag).header('cache-control', UPLOAD_CACHE_CONTROL).code(304).send();
    }
    const file = await store.read(name);
    if (!file) throw new AppError('NOT_FOUND', 'That file was not found');
    reply.header('etag', etag).header('cache-control', UPLOAD_CACHE_CONTROL);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.bytes);
  });
};
