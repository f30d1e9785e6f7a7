import { describe, expect, it } from 'vitest';
import { dropUnusedSchemas, mergeIdenticalPaths, moveNullableIntoBranches } from './document.ts';

describe('the OpenAPI document fixes', () => {
  it('joins paths that differ only in a parameter name, renaming each operation’s parameter', () => {
    const document = {
      paths: {
        '/api/v1/business-events/{id}': { put: { operationId: 'put', parameters: [{ in: 'path', name: 'id' }] } },
        '/api/v1/business-events/{businessCode}': { get: { operationId: 'get', parameters: [{ in: 'path', name: 'businessCode', description: 'A business code' }] } },
        '/api/v1/business-events/join': { post: { operationId: 'join' } },
      },
    };
    mergeIdenticalPaths(document as never);
    expect(Object.keys(document.paths).sort()).toEqual(['/api/v1/business-events/join', '/api/v1/business-events/{idOrBusinessCode}']);
    const merged = (document.paths as Record<string, any>)['/api/v1/business-events/{idOrBusinessCode}'];
    expect(merged.put.parameters[0].name).toBe('idOrBusinessCode');
    expect(merged.get.parameters[0]).toMatchObject({ name: 'idOrBusinessCode', description: expect.stringContaining('The businessCode: A business code') });
  });

  it('moves a union’s nullable into its first typed branch (OpenAPI 3.0 reads it only beside a type)', () => {
    const schema = { nullable: true, anyOf: [{ type: 'string', format: 'uuid' }, { type: 'string', enum: [''] }] };
    moveNullableIntoBranches(schema);
    expect(schema).toEqual({ anyOf: [{ type: 'string', format: 'uuid', nullable: true }, { type: 'string', enum: [''] }] });
    const typed = { type: 'string', nullable: true };
    moveNullableIntoBranches(typed);
    expect(typed).toEqual({ type: 'string', nullable: true });
  });

  it('drops component schemas nothing refers to, keeping the ones reached through others', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } } } } } } },
      components: { schemas: { Tree: { properties: { leaf: { $ref: '#/components/schemas/Leaf' } } }, Leaf: {}, TreeInput: {} } },
    };
    dropUnusedSchemas(document as never);
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Leaf', 'Tree']);
  });
});
