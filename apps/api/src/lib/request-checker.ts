import { Ajv, type ValidateFunction } from 'ajv';
import { toJSONSchema, type ZodType } from 'zod';
import type { JSONSchema } from 'zod/v4/core';

/**
 * A JSON Schema validator compiled from a route's zod schema, which answers the requests that
 * are valid (decision 0080). zod stays the authority: a request the compiled check refuses is
 * parsed by zod, which gives the error and its messages, and a schema the compiled check cannot
 * follow exactly has no compiled check at all (`requestChecker` returns null).
 *
 * Why: in the API, with zod's code out of the CPU's caches after the rest of a request ran, a
 * cart change's body check took 49–57 µs and an order's 62–81 µs (2–4 µs in a tight loop). Ajv's
 * compiled code is straight-line code for one schema, and runs a fraction of that.
 *
 * What the compiled check must do to give zod's output, and what it does:
 * - defaults: Ajv's `useDefaults` fills a missing property (zod: `undefined`, which JSON cannot
 *   carry), so a default is followed only as an object's property;
 * - unknown keys of a plain `z.object`, which zod leaves out: Ajv's `removeAdditional` removes
 *   them; a strict object's unknown key fails, as in zod;
 * - `trim`, `toLowerCase`, `toUpperCase` (zod's value-rewriting checks): a keyword of ours
 *   rewrites the string before its other checks, so they must come first in zod's chain too;
 * - lengths count code points and patterns run without the `u` flag, as zod's do;
 * - the root object's refinements (`refine`, `superRefine`) run after the check, on its output.
 *
 * Everything else (transforms, pipes, coercion, nested refinements, regexes with flags, formats
 * with no pattern, rewrites inside a union that is more than "X or null") makes the schema zod's
 * alone. Outside production every valid request is parsed by zod as well and the two outputs must
 * be equal (request-validator.ts), so the suite's requests check this file.
 */

export interface RequestChecker {
  /**
   * Checks `data`, rewriting it in place into zod's output (defaults, trims, unknown keys left
   * out). True: `data` is now the parsed value. False: it is not valid, or the refinements said
   * no; zod must parse it (a rewrite done before the refusal is one zod would do as well).
   */
  (data: unknown): boolean;
}

type Overwrite = 'trim' | 'lower' | 'upper';

interface Def {
  type: string;
  checks?: Check[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  values?: unknown[];
  discriminator?: string;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  tx?: (value: string) => string;
  when?: unknown;
}
interface Check {
  _zod: { def: CheckDef; check(payload: { value: unknown; issues: unknown[] }): unknown };
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Which rewrite a zod `overwrite` check does, told by what it does to a few strings. */
function overwriteKind(tx: ((value: string) => string) | undefined): Overwrite | null {
  if (!tx) return null;
  const samples = ['  Ab c\t', '\u00a0Çé\n', 'x'];
  const is = (expected: (value: string) => string) => samples.every((sample) => tx(sample) === expected(sample));
  if (is((value) => value.trim())) return 'trim';
  if (is((value) => value.toLowerCase())) return 'lower';
  if (is((value) => value.toUpperCase())) return 'upper';
  return null;
}

const STRING_CHECKS = new Set(['min_length', 'max_length', 'length_equals', 'string_format', 'overwrite']);
// Not multiple_of: Ajv divides where zod takes a decimal-safe remainder, and they part on large values.
const NUMBER_CHECKS = new Set(['greater_than', 'less_than', 'number_format']);
const LENGTH_CHECKS = new Set(['min_length', 'max_length', 'length_equals']);
const PLAIN = new Set(['boolean', 'null', 'enum', 'any', 'unknown']);

/** What the walk learns about one schema: whether Ajv can follow it, and where it rewrites. */
class Walk {
  followable = true;
  /** The rewrites of each string schema, for the JSON Schema's `x-rewrite` keyword. */
  readonly rewrites = new Map<ZodType, Overwrite[]>();
  /** Plain objects: their unknown keys are left out, so the JSON Schema says additionalProperties: false. */
  readonly stripping = new Set<ZodType>();
  /** Schemas with a string format check: their JSON Schema must carry its pattern. */
  readonly patterned = new Set<ZodType>();

  refuse(): false {
    this.followable = false;
    return false;
  }

  /** Walks `schema`; returns whether anything in it rewrites the value (for the union rule). */
  visit(schema: ZodType, place: 'root' | 'property' | 'other'): boolean {
    if (!this.followable) return false;
    const def = defOf(schema);
    const checks = def.checks ?? [];
    if (def.coerce) return this.refuse();
    // zod's length checks carry a `when` (run them whenever the value has a length), which holds
    // for every value the compiled check accepts; a refinement's own `when` is not followed.
    if (checks.some((check) => check._zod.def.when !== undefined && !LENGTH_CHECKS.has(check._zod.def.check))) return this.refuse();
    switch (def.type) {
      case 'object': {
        if (checks.some((check) => check._zod.def.check !== 'custom') || (checks.length > 0 && place !== 'root')) return this.refuse();
        const catchall = def.catchall ? defOf(def.catchall).type : undefined;
        if (catchall !== undefined && catchall !== 'never') return this.refuse();
        let rewrites = catchall === undefined;
        if (rewrites) this.stripping.add(schema);
        for (const part of Object.values(def.shape ?? {})) rewrites = this.visit(part, 'property') || rewrites;
        return rewrites;
      }
      case 'array':
        if (checks.some((check) => !LENGTH_CHECKS.has(check._zod.def.check))) return this.refuse();
        return this.visit(def.element!, 'other');
      case 'string':
        return this.string(schema, def, checks);
      case 'number':
        if (checks.some((check) => !NUMBER_CHECKS.has(check._zod.def.check))) return this.refuse();
        return false;
      case 'literal':
        if (!(def.values ?? []).every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value))) return this.refuse();
        return false;
      case 'optional':
        return this.visit(def.innerType!, place);
      case 'default':
        // Ajv fills defaults only for an object's properties. zod answers a default as it is,
        // unchecked, where Ajv checks and rewrites it like any value: so nothing under it may rewrite.
        if (place !== 'property' || this.visit(def.innerType!, 'other')) return this.refuse();
        return true;
      case 'nullable':
        // "X or null": the two never both match, so X's rewrites are safe in Ajv's anyOf.
        return this.visit(def.innerType!, 'other');
      case 'union': {
        if (def.discriminator !== undefined || def.inclusive === false) return this.refuse();
        // Ajv tries the options in turn on the same value: one that rewrites and then fails would
        // leave its rewrite for the next, which zod never does.
        const rewrites = (def.options ?? []).map((option) => this.visit(option, 'other'));
        if (rewrites.some(Boolean)) return this.refuse();
        return false;
      }
      default:
        if (!PLAIN.has(def.type) || checks.length > 0) return this.refuse();
        return false;
    }
  }

  private string(schema: ZodType, def: Def, checks: Check[]): boolean {
    const rewrites: Overwrite[] = [];
    // A format schema (z.email(), z.uuid()) checks its format before any check of its chain.
    const ownFormat = def.format !== undefined;
    let patterns = ownFormat ? 1 : 0;
    if (def.pattern && def.pattern.flags !== '') return this.refuse();
    for (const [index, check] of checks.entries()) {
      const checkDef = check._zod.def;
      if (!STRING_CHECKS.has(checkDef.check)) return this.refuse();
      if (checkDef.check === 'overwrite') {
        const kind = overwriteKind(checkDef.tx);
        // Here a rewrite comes before every check of its string, so in zod it must come first too
        // (a format schema's own check always comes before its rewrites).
        if (!kind || index !== rewrites.length || ownFormat) return this.refuse();
        rewrites.push(kind);
      } else if (checkDef.check === 'string_format') {
        if (!checkDef.pattern || checkDef.pattern.flags !== '') return this.refuse();
        patterns += 1;
      }
    }
    // JSON Schema holds one pattern per schema; a format with no pattern is not checked by Ajv.
    if (patterns > 1) return this.refuse();
    if (patterns === 1) this.patterned.add(schema);
    if (rewrites.length > 0) this.rewrites.set(schema, rewrites);
    return rewrites.length > 0;
  }
}

const ajv = new Ajv({
  useDefaults: true,
  removeAdditional: true,
  coerceTypes: false,
  allErrors: false,
  messages: false,
  validateFormats: false,
  validateSchema: false,
  addUsedSchema: false,
  // Lengths in code points (Ajv's default and zod's), regexes without the `u` flag (zod's).
  unicodeRegExp: false,
  strictSchema: false,
  strictNumbers: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
});

const REWRITE: Record<Overwrite, (value: string) => string> = {
  trim: (value) => value.trim(),
  lower: (value) => value.toLowerCase(),
  upper: (value) => value.toUpperCase(),
};

ajv.addKeyword({
  keyword: 'x-rewrite',
  type: 'string',
  schemaType: 'array',
  modifying: true,
  errors: false,
  // Before the string's length and pattern checks, as zod's chain has them (see Walk.string).
  before: 'maxLength',
  validate(kinds: Overwrite[], value: string, _schema?: unknown, place?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) {
    if (!place) return false;
    let rewritten = value;
    for (const kind of kinds) rewritten = REWRITE[kind](rewritten);
    place.parentData[place.parentDataProperty] = rewritten;
    return true;
  },
});

/**
 * What the check is for. A body is rewritten in place into zod's value. Headers are Node's own
 * object, which must not be touched: only a schema that rewrites nothing of what it names is
 * followed, its unknown headers are let through rather than removed, and "valid" means zod's
 * value would be exactly those headers' values (request-validator.ts then leaves request.headers
 * as it is).
 */
export type CheckedPart = 'body' | 'headers';

const compiled: Record<CheckedPart, WeakMap<ZodType, RequestChecker | null>> = { body: new WeakMap(), headers: new WeakMap() };

/** The compiled check for `schema` as `part`, or null when only zod can parse it (see above). */
export function requestChecker(schema: ZodType, part: CheckedPart = 'body'): RequestChecker | null {
  const known = compiled[part].get(schema);
  if (known !== undefined) return known;
  const checker = compile(schema, part);
  compiled[part].set(schema, checker);
  return checker;
}

/** The JSON Schema the compiled check runs, or null (exported for tests). */
export function requestJsonSchema(schema: ZodType, part: CheckedPart = 'body'): JSONSchema.BaseSchema | null {
  const walk = new Walk();
  const root = defOf(schema);
  if (root.type !== 'object') return null;
  if (part === 'headers') {
    // Nothing named may be rewritten, and the root keeps the headers it does not name.
    if (root.catchall !== undefined || (root.checks ?? []).length > 0) return null;
    if (Object.values(root.shape ?? {}).some((property) => walk.visit(property, 'property'))) return null;
  } else walk.visit(schema, 'root');
  if (!walk.followable) return null;
  let patternMissing = false;
  let json: JSONSchema.BaseSchema;
  try {
    json = toJSONSchema(schema, {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      override(context) {
        const zodSchema = context.zodSchema as unknown as ZodType;
        const node = context.jsonSchema as Record<string, unknown>;
        const rewrites = walk.rewrites.get(zodSchema);
        if (rewrites) node['x-rewrite'] = rewrites;
        if (walk.patterned.has(zodSchema) && typeof node.pattern !== 'string') patternMissing = true;
        const def = defOf(zodSchema);
        if (def.type !== 'object') return;
        if (part === 'headers' && zodSchema === schema) delete node.additionalProperties;
        else node.additionalProperties = walk.stripping.has(zodSchema) ? false : { not: {} };
      },
    });
  } catch {
    return null;
  }
  if (patternMissing) return null;
  delete json.$schema;
  return json;
}

function compile(schema: ZodType, part: CheckedPart): RequestChecker | null {
  const json = requestJsonSchema(schema, part);
  if (!json) return null;
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(json);
  } catch {
    return null;
  }
  const refinements = defOf(schema).checks ?? [];
  if (refinements.length === 0) return (data) => validate(data);
  return (data) => {
    if (!validate(data)) return false;
    // The root's refinements, on the parsed value, as zod runs them once its shape has passed.
    const payload = { value: data, issues: [] as unknown[] };
    for (const refinement of refinements) {
      if (refinement._zod.check(payload) instanceof Promise) return false;
    }
    return payload.issues.length === 0;
  };
}
