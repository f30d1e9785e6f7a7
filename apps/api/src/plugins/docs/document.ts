import { HTTP_METHODS } from './operation.ts';

/**
 * Fixes applied to the whole OpenAPI document once it is generated, each for a rule of OpenAPI 3.0
 * that generated schemas break (apps/api/redocly.yaml lints the result, in CI):
 * - paths that differ only in a parameter's name become one path (the spec itself names both
 *   `PUT /v1/business-events/{id}` and `GET v1/business-events/{businessCode}`);
 * - `nullable` beside `anyOf`/`oneOf` without a `type` (zod's `.nullish()` of a union) moves into
 *   the branches, where OpenAPI 3.0 reads it;
 * - component schemas nothing refers to are dropped (the input copies of named schemas).
 */

type Json = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  description?: string;
}
interface Document {
  paths: Record<string, Record<string, Json & { parameters?: Parameter[] }>>;
  components?: { schemas?: Record<string, unknown> };
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const operationsOf = (item: Record<string, Json>) => HTTP_METHODS.filter((method) => item[method]).map((method) => item[method]!);

/** `/a/{id}/b` → `/a/{}/b`: paths with the same shape are the same path to OpenAPI. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/**
 * Paths that differ only in parameter names, joined under one template whose parameter names join
 * theirs with "Or" (`{id}` and `{businessCode}` → `{idOrBusinessCode}`); each operation's parameter
 * says what it is for that operation.
 */
export function mergeIdenticalPaths(document: Document): void {
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(document.paths)) byShape.set(shapeOf(path), [...(byShape.get(shapeOf(path)) ?? []), path]);
  for (const paths of byShape.values()) {
    if (paths.length < 2) continue;
    const names = paths.map(paramNames);
    const joined = names[0]!.map((_, i) => [...new Set(names.map((list) => list[i]!))]);
    let index = 0;
    const template = paths[0]!.replace(/\{[^}]+\}/g, () => `{${joined[index++]!.map((name, n) => (n === 0 ? name : name[0]!.toUpperCase() + name.slice(1))).join('Or')}}`);
    const merged: Record<string, Json & { parameters?: Parameter[] }> = {};
    for (const [p, path] of paths.entries()) {
      const item = document.paths[path]!;
      for (const operation of operationsOf(item)) {
        const parameters = (operation.parameters ?? []) as Parameter[];
        names[p]!.forEach((name, i) => {
          const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
          const shared = paramNames(template)[i]!;
          if (parameter && shared !== name) {
            parameter.description = `The ${name}${parameter.description ? `: ${parameter.description}` : ''} (this path is shared with other operations, so its parameter is named ${shared})`;
            parameter.name = shared;
          }
        });
      }
      Object.assign(merged, item);
      delete document.paths[path];
    }
    document.paths[template] = merged;
  }
}

/** OpenAPI 3.0 reads `nullable` only beside a `type`: for a union, the first branch with one takes it. */
export function moveNullableIntoBranches(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(moveNullableIntoBranches);
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    const typed = branches?.find((branch) => isObject(branch) && branch.type !== undefined);
    if (typed) {
      typed.nullable = true;
      delete node.nullable;
    }
  }
  for (const value of Object.values(node)) moveNullableIntoBranches(value);
}

/** Drops component schemas no `$ref` reaches from the paths. */
export function dropUnusedSchemas(document: Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** Every fix, in order. */
export function finishDocument<T>(document: T): T {
  const doc = document as unknown as Document;
  mergeIdenticalPaths(doc);
  moveNullableIntoBranches(doc.paths);
  moveNullableIntoBranches(doc.components?.schemas);
  dropUnusedSchemas(doc);
  return document;
}
