import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { detectImageType, type ImageExtension } from '../uploads/image-type.ts';
import { UPLOAD_MAX_BYTES, uploadError } from '../uploads/uploads.routes.ts';

/** Multipart limits for forms of text fields and a few images (registered per plugin). */
export const FORM_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 80, parts: 82, fieldSize: 20_000, headerPairs: 50 } as const;
/** Room for two full-size images and the text fields. */
export const FORM_BODY_LIMIT = 2 * UPLOAD_MAX_BYTES + 256 * 1024;

export interface FormImage {
  bytes: Buffer;
  extension: ImageExtension;
}

export interface ReadForm {
  fields: Record<string, string | string[]>;
  files: Record<string, FormImage>;
}

/**
 * Reads a whole multipart form: text fields (a repeated name becomes a list) and the image files
 * named in `fileFields`, each proved an image by its bytes. Unknown file fields, a second file of
 * one name, cut-off bodies and over-long fields are 4xx, never 5xx.
 */
export async function readImageForm(request: FastifyRequest, fileFields: readonly string[]): Promise<ReadForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data');
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, FormImage> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
          throw new AppError('VALIDATION_FAILED', `Send at most one file in each of: ${fileFields.join(', ')}`, { fields: { [part.fieldname]: ['is not an expected file'] } });
        }
        const bytes = await part.toBuffer();
        // A file input left empty arrives as a part with no bytes: not a file.
        if (bytes.length === 0 && !part.filename) continue;
        const extension = detectImageType(bytes);
        if (!extension) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${part.fieldname} is not a PNG, JPEG or WebP image (SVG is not accepted)`, { fields: { [part.fieldname]: ['must be a PNG, JPEG or WebP image'] } });
        }
        files[part.fieldname] = { bytes, extension };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('VALIDATION_FAILED', `The field ${part.fieldname} is too long`, { fields: { [part.fieldname]: ['is too long'] } });
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const known = fields[part.fieldname];
        fields[part.fieldname] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { fields, files };
}

/** A schema's check of read fields, failing as the route validator does: 400 with `fields`. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (fields[key] ??= []).push(issue.message);
  }
  const [name, messages] = Object.entries(fields)[0]!;
  throw new AppError('VALIDATION_FAILED', `Please check ${name}: ${messages[0]}`, { fields });
}
