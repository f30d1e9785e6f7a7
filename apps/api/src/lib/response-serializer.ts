import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, safeParse, ZodError, type ZodType } from 'zod';
import { answerWriter, type AnswerWriter } from './answer-writer.ts';
import { zodSchemaOf } from './zod-schema-of.ts';

/**
 * The response serializer. Every answer is written with only the keys its route's zod schema
 * names (nothing internal can leak), and an answer that breaks the schema is a 500.
 *
 * - **Symmetric schemas** (below: made only of parts that check a value without changing it) are
 *   written by a function fast-json-stringify compiled from the schema (answer-writer.ts,
 *   decision 0079). In production that is all: a cart answer costs 19 µs instead of 72 µs.
 *   Elsewhere (tests, development) each answer is also checked with zod's `safeParse`, and the
 *   two results must be the same JSON: so every answer the test suite sees checks the writer.
 * - **Every other schema** (defaults, transforms, codecs, recursion...) is checked with zod's
 *   `safeEncode`, zod's backward direction, and written by `JSON.stringify` (decision 0071).
 *
 * Parse and encode give the same result for a schema that only checks: no defaults, catches,
 * transforms, pipes or codecs, no value-rewriting checks (`trim`, `toLowerCase`), nothing lazy
 * or read-only (zod's codecs docs: "in most cases, this is a distinction without a difference").
 */

/** Schema kinds that check a value without changing it, in either direction. */
const CHECK_ONLY = new Set(['object', 'array', 'string', 'number', 'int', 'bigint', 'boolean', 'null', 'undefined', 'void', 'literal', 'enum', 'optional', 'nullable', 'union', 'record', 'tuple', 'date', 'any', 'unknown', 'nan']);

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  rest?: ZodType | null;
}

const decided = new WeakMap<ZodType, boolean>();

/** True when parsing and encoding `schema` give the same output for any input (see above). */
export function isSymmetric(schema: ZodType, open = new Set<ZodType>()): boolean {
  const known = decided.get(schema);
  if (known !== undefined) return known;
  // A schema met again while its own parts are being looked at is a cycle: not simple enough.
  if (open.has(schema)) return false;
  open.add(schema);
  const answer = partsAreSymmetric(schema, open);
  open.delete(schema);
  decided.set(schema, answer);
  return answer;
}

function partsAreSymmetric(schema: ZodType, open: Set<ZodType>): boolean {
  const def = (schema as unknown as { _zod?: { def?: Def } })._zod?.def;
  if (!def || !CHECK_ONLY.has(def.type)) return false;
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return false;
  const all = (parts: (ZodType | null | undefined)[]) => parts.every((part) => !part || isSymmetric(part, open));
  switch (def.type) {
    case 'object':
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case 'array':
      return all([def.element]);
    case 'optional':
    case 'nullable':
      return all([def.innerType]);
    case 'union':
      return all(def.options ?? []);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'tuple':
      return all([...(def.items ?? []), def.rest]);
    default:
      return true;
  }
}

/** The route's zod schema: a response schema must be one. */
function resolveSchema(maybeSchema: unknown): ZodType {
  const schema = zodSchemaOf(maybeSchema);
  if (!schema) throw new Error(`response schema is not a zod schema: ${JSON.stringify(maybeSchema)}`);
  return schema;
}

export interface SerializerOptions {
  /** Check every written answer against zod as well (anywhere but production). */
  crossCheck: boolean;
}

export function createSerializerCompiler({ crossCheck }: SerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    const refuse = (cause: ZodError) => new ResponseSerializationError(method, url, { cause });
    /** A fault of the writer, in the shape the error handler logs (its issues). */
    const writerFault = (message: string) => refuse(new ZodError([{ code: 'custom', path: [], message, input: undefined }]));
    // Symmetric schemas are checked with parse and may have a writer; the rest keep encode.
    const symmetric = isSymmetric(schema);
    const check = symmetric ? safeParse : safeEncode;
    /** This route's writer: looked up on its first answer, null when there is none. */
    let routeWriter: AnswerWriter | null | undefined = symmetric ? undefined : null;
    return (data) => {
      // Compiled on the first answer (10–16 ms for the cart's or the order's), not when the app
      // starts: two thousand route and status pairs would slow every start, most never answered.
      if (routeWriter === undefined) routeWriter = answerWriter(schema) ?? null;
      const write = routeWriter;
      // Without a writer, or outside production, zod checks the answer first (its issues are the
      // clearest account of a wrong answer).
      const checked = !write || crossCheck ? check(schema, data) : undefined;
      if (checked?.error) throw refuse(checked.error);
      if (!write) return JSON.stringify(checked!.data);
      let written: string;
      try {
        written = write(data);
      } catch (error) {
        // A required property missing, or a value no JSON can hold.
        throw writerFault((error as Error).message);
      }
      if (checked && !isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw writerFault(`the compiled writer wrote ${written}, the schema check gave ${JSON.stringify(checked.data)}`);
      }
      return written;
    };
  };
}
