import { isDeepStrictEqual } from 'node:util';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { safeParse, type ZodType } from 'zod';
import { requestChecker, type CheckedPart, type RequestChecker } from './request-checker.ts';
import { zodSchemaOf } from './zod-schema-of.ts';

/**
 * The validator compiler for every route's body, query, params and headers (decision 0080).
 *
 * A body whose zod schema Ajv can follow (request-checker.ts) is checked by the compiled check:
 * a valid body is answered by it alone in production, rewritten in place into zod's value
 * (defaults, trims, unknown keys left out: a body is the request's own parsed object). Headers
 * are Node's own object, so their compiled check only says yes or no (headersValidator). Query
 * strings and params stay with zod. A request the compiled check refuses goes to zod, so every
 * error a client sees is zod's, with the messages the forms show.
 *
 * With `crossCheck` (everywhere but production), zod parses every request the compiled check
 * accepted too, from a copy taken before the check rewrote it, and the two values must be equal:
 * a difference is a server error naming the route, so the test suite finds any case where the
 * compiled check and zod part.
 */
export class RequestCheckMismatchError extends Error {
  constructor(where: string, detail: string) {
    super(`The compiled request check and zod disagree on ${where}: ${detail}`);
    this.name = 'RequestCheckMismatchError';
  }
}

type ZodValidate = ReturnType<typeof zodValidatorCompiler>;

export function createValidatorCompiler({ crossCheck }: { crossCheck: boolean }): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const zodValidate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
    const part = route.httpPart === 'body' || route.httpPart === 'headers' ? route.httpPart : null;
    const schema = part ? zodSchemaOf(route.schema) : null;
    if (!schema || !part) return zodValidate;
    const where = `${route.method} ${route.url} (${part})`;
    const validator = part === 'body' ? bodyValidator : headersValidator;
    return validator(schema, checkerOnFirstUse(schema, part), zodValidate, crossCheck ? where : null);
  };
}

/** The route's compiled check, compiled on its first request, not at start-up: most routes of a process never get one. */
function checkerOnFirstUse(schema: ZodType, part: CheckedPart) {
  let compiled: RequestChecker | null | undefined;
  return (data: unknown) => (isPlainObject(data) ? (compiled === undefined ? (compiled = requestChecker(schema, part)) : compiled) : null);
}

/** A body: rewritten in place into zod's value. `crossCheckAt` names the route when zod checks too. */
function bodyValidator(schema: ZodType, checkerFor: ReturnType<typeof checkerOnFirstUse>, zodValidate: ZodValidate, crossCheckAt: string | null) {
  return (data: unknown) => {
    const check = checkerFor(data);
    if (!check) return zodValidate(data);
    const original = crossCheckAt ? structuredClone(data) : undefined;
    if (!check(data)) return zodValidate(data);
    if (crossCheckAt) {
      const value = zodValueOf(schema, original, crossCheckAt);
      if (!isDeepStrictEqual(value, data)) throw new RequestCheckMismatchError(crossCheckAt, `zod gave ${JSON.stringify(value)}, it gave ${JSON.stringify(data)}`);
    }
    return { value: data };
  };
}

/**
 * Headers: the compiled check never rewrites them (request-checker.ts), so a valid request's
 * answer is `true`, which leaves `request.headers` as Node's object. zod's answer `{ value }`
 * made Fastify merge a fresh copy of every header on each later read of `request.headers`.
 * The values a handler reads are the same: zod's value is the named headers' own values.
 */
function headersValidator(schema: ZodType, checkerFor: ReturnType<typeof checkerOnFirstUse>, zodValidate: ZodValidate, crossCheckAt: string | null) {
  return (data: unknown) => {
    const check = checkerFor(data);
    if (!check || !check(data)) return zodValidate(data);
    if (crossCheckAt) {
      const value = zodValueOf(schema, data, crossCheckAt) as Record<string, unknown>;
      const named = Object.fromEntries(Object.keys(value).map((key) => [key, (data as Record<string, unknown>)[key]]));
      if (!isDeepStrictEqual(value, named)) throw new RequestCheckMismatchError(crossCheckAt, `zod gave ${JSON.stringify(value)} for headers ${JSON.stringify(named)}`);
    }
    return true;
  };
}

/** zod's value for what the compiled check accepted; zod refusing it is a mismatch. */
function zodValueOf(schema: ZodType, input: unknown, where: string): unknown {
  const parsed = safeParse(schema, input);
  if (!parsed.success) throw new RequestCheckMismatchError(where, `zod refused what it accepted: ${parsed.error.message}`);
  return parsed.data;
}

/** A parsed JSON object: the only body the compiled check takes (an upload's parts are zod's). */
function isPlainObject(data: unknown): data is Record<string, unknown> {
  if (data === null || typeof data !== 'object') return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === Object.prototype || prototype === null;
}
