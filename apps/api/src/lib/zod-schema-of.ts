import type { ZodType } from 'zod';

/**
 * The zod schema in a route schema as fastify-type-provider-zod accepts it: a zod schema, or
 * `{ properties: schema }`. Null for anything else (a plain JSON Schema). Used by the validator
 * and serializer compilers (request-validator.ts, response-serializer.ts).
 */
export function zodSchemaOf(maybeSchema: unknown): ZodType | null {
  const candidate = maybeSchema as { _zod?: unknown; properties?: { _zod?: unknown } } | null | undefined;
  if (candidate?._zod) return candidate as unknown as ZodType;
  if (candidate?.properties?._zod) return candidate.properties as unknown as ZodType;
  return null;
}
