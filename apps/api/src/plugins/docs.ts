import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chainTreeNodeSchema } from '@app/contract/chains';
import { finishDocument } from './docs/document.ts';
import { documentedSchema } from './docs/operation.ts';

/**
 * Schemas the document shows as named components. A recursive schema must be one: inline, its
 * reference to itself has nowhere to point (openapi-typescript stopped at that unresolved $ref).
 * Its own registry, so the contract's schemas carry no global ids.
 */
const components = z.registry<{ id: string }>();
components.add(chainTreeNodeSchema, { id: 'ChainTreeNode' });

const zodToJsonSchema = createJsonSchemaTransform({ schemaRegistry: components });
const componentSchemas = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * OpenAPI generated from the route schemas: UI at /api/docs, JSON at /api/docs/json. Valid and
 * clean under Redocly's recommended rules (apps/api/redocly.yaml; apps/api/test/openapi.test.ts
 * lints it and generates a typed client from it). Every operation gets its operationId, security
 * and 401/429 answers from its route (docs/operation.ts); the whole document its last fixes
 * (docs/document.ts). See docs/api.md.
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Carbonwise API',
        description: 'Marketplace for carbon-offset projects and sustainable goods, with carbon-footprint tracking.',
        version: '1.0.0',
      },
      // Relative: the shop that serves this document (its PUBLIC_URL); the paths start with /api.
      servers: [{ url: '/', description: 'The shop serving this document' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => zodToJsonSchema({ ...document, schema: document.schema && documentedSchema(document.route, document.schema) }),
    transformObject: (document) => finishDocument(componentSchemas(document as Parameters<typeof componentSchemas>[0])),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; scripts stay limited to its own hashed files.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
