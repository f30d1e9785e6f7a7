import type { RouteOptions } from 'fastify';
import { errorEnvelopeSchema } from '@app/contract';

/**
 * What every operation of the OpenAPI document gets from its route, in one place, so a route added
 * later (the admin API's among them) has it without declaring anything: a stable operationId, the
 * security it really has, and the 401 and 429 answers it can give.
 */

/** The operations of a document, for the operationId collision test and the document checks. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * The operationId of a route: its method and path, `/api` left out, each segment in PascalCase and
 * each parameter as `By<Name>`. `GET /api/v1/user-chains/tree/:userId` → `getV1UserChainsTreeByUserId`,
 * `POST /api/admin/v1/products/:id/stock` → `postAdminV1ProductsByIdStock`. It changes only when
 * the route's method or path does, so generated clients keep their function names.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})/.exec(segment);
      if (param) return `By${pascal(param[1] ?? param[2]!)}`;
      return segment === '*' ? 'Any' : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/**
 * What the route's `config.auth` says (plugins/auth.ts): a bearer token is required, optional (the
 * empty requirement first: callable without one), or not used (`[]`: public, said explicitly).
 */
export function securityFor(auth: unknown): readonly SecurityRequirement[] {
  if (auth === true) return [{ bearerAuth: [] }];
  if (auth === 'optional') return [{}, { bearerAuth: [] }];
  return [];
}

interface RouteSchema {
  operationId?: string;
  security?: readonly SecurityRequirement[];
  response?: unknown;
}

/**
 * The route's schema as the document shows it (before the zod schemas become JSON Schema). A
 * route may still name its own operationId or security; the collision test keeps ids unique.
 */
export function documentedSchema<S extends RouteSchema>(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, schema: S): S {
  const config = (route.config ?? {}) as { auth?: unknown; rateLimit?: unknown };
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const security = schema.security ?? securityFor(config.auth);
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  // Every answer the route can give: no token (signed-in routes), and the rate limit (all but the health check).
  if (config.auth === true && !response[401]) response[401] = errorEnvelopeSchema;
  if (config.rateLimit !== false && !response[429]) response[429] = errorEnvelopeSchema;
  return { ...schema, operationId: schema.operationId ?? operationIdFor(method, route.url), security, response };
}
