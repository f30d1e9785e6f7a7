import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { EVENT_IMAGE_MAX_BYTES } from '@app/contract/events';
import { AppError } from '../../lib/app-error.ts';
import { detectImageType } from '../uploads/image-type.ts';
import type { EventImage } from './events.service.ts';

const MAX_MB = EVENT_IMAGE_MAX_BYTES / (1024 * 1024);
/** Text fields of an event form (at most nine, a description of 4000 characters). */
export const EVENT_MULTIPART_LIMITS = { fileSize: EVENT_IMAGE_MAX_BYTES, files: 1, fields: 12, parts: 13, fieldSize: 32 * 1024, headerPairs: 50 } as const;

/**
 * Reads an event form sent as multipart/form-data: text fields and at most one file, `image`,
 * checked by its bytes (PNG, JPEG or WebP). A repeated field, a file under another name or a
 * second file is refused; a cut-off or malformed body is a 400, never a 500.
 */
export async function readEventForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; image?: EventImage }> {
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || bytes) throw formError('Send one image, in a field named image', 'image');
        bytes = await part.toBuffer();
        // An empty file input (no file chosen) arrives as a file part with no bytes and no name.
        if (bytes.length === 0 && !part.filename) bytes = undefined;
        continue;
      }
      if (Object.hasOwn(fields, part.fieldname)) throw formError(`The field ${part.fieldname} is sent twice`, part.fieldname);
      if (typeof part.value !== 'string') throw formError(`The field ${part.fieldname} is not text`, part.fieldname);
      if (part.valueTruncated) throw formError(`The field ${part.fieldname} is too long`, part.fieldname);
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!bytes) return { fields };
  const extension = detectImageType(bytes);
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image is not a PNG, JPEG or WebP image (SVG is not accepted)', { fields: { image: ['must be a PNG, JPEG or WebP image'] } });
  return { fields, image: { bytes, extension } };
}

/** The fields through a contract schema, with the same 400 shape as a route schema failure. */
export function parseFields<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (fields[key] ??= []).push(issue.message);
  }
  const first = Object.entries(fields)[0];
  throw new AppError('VALIDATION_FAILED', first ? `Please check ${first[0]}: ${first[1][0]}` : 'The request is not valid', { fields });
}

function formError(message: string, field: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: [message] } });
}

/** Busboy and @fastify/multipart errors become the envelope with a sentence a person reads. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${MAX_MB} MB`, { fields: { image: [`must be at most ${MAX_MB} MB`] } });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return formError('The form has too many parts: send the event fields and at most one image', 'body');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as multipart/form-data');
  // Anything else busboy says (cut off, bad boundary, malformed headers) is the client's body, not our fault.
  return formError('The form was cut off or is not valid multipart data', 'body');
}
