import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartEnvelopeSchema } from '@app/contract/cart';
import { isSymmetric, serializerCompiler } from '../src/lib/response-serializer.ts';

const line = z.object({ id: z.uuid(), name: z.string().min(1), quantity: z.int().positive(), note: z.string().nullable(), at: z.iso.datetime().optional() });
const answer = z.object({
  success: z.literal(true),
  data: z.object({
    lines: z.array(line),
    status: z.enum(['open', 'paid']),
    tags: z.record(z.string(), z.number()),
    pair: z.tuple([z.string(), z.number()]),
    kind: z.discriminatedUnion('type', [z.object({ type: z.literal('gift'), to: z.string() }), z.object({ type: z.literal('self') })]),
    either: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
  }),
});

describe('the response serializer (decision in src/lib/response-serializer.ts)', () => {
  it('takes schemas that only check as symmetric, and keeps encode for any part that rewrites, defaults, transforms or recurses', () => {
    expect(isSymmetric(answer)).toBe(true);
    expect(isSymmetric(cartEnvelopeSchema)).toBe(true);
    const rewriting = {
      default: z.object({ n: z.number().default(1) }),
      prefault: z.object({ n: z.number().prefault(1) }),
      catch: z.object({ n: z.number().catch(0) }),
      transform: z.object({ s: z.string().transform((s) => s.length) }),
      pipe: z.object({ s: z.string().pipe(z.email()) }),
      codec: z.object({ d: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }),
      trim: z.object({ s: z.string().trim() }),
      lowercase: z.object({ s: z.array(z.string().toLowerCase()) }),
      readonly: z.object({ s: z.string() }).readonly(),
      preprocess: z.preprocess((v) => v, z.string()),
      'nested deep': z.object({ a: z.array(z.object({ b: z.union([z.string(), z.object({ c: z.number().default(2) })]) })) }),
    };
    for (const [name, schema] of Object.entries(rewriting)) expect(isSymmetric(schema), name).toBe(false);
    interface Node { name: string; children: Node[] }
    const tree: z.ZodType<Node> = z.object({ name: z.string(), get children() { return z.array(tree); } });
    expect(isSymmetric(tree)).toBe(false);
    // A part used twice is not a cycle.
    const money = z.object({ minor: z.int(), currency: z.string() });
    expect(isSymmetric(z.object({ subtotal: money, total: money }))).toBe(true);
  });

  it('for a symmetric schema, parse answers exactly what encode answers: the same values, unknown keys stripped, the same refusals', () => {
    const value = {
      success: true,
      extra: 'dropped',
      data: {
        lines: [{ id: '0190a1b2-0000-7000-8000-000000000001', name: 'Offset', quantity: 2, note: null, secret: 'x', at: '2026-11-27T10:00:00.000Z' }],
        status: 'paid',
        tags: { a: 1 },
        pair: ['x', 1],
        kind: { type: 'gift', to: 'Sam', hidden: true },
        either: { b: 3, a: 4 },
      },
    };
    // An answer as a handler returns it: typed loosely, with keys the schema does not name.
    type Answer = z.output<typeof answer>;
    const parsed = z.safeParse(answer, value);
    const encoded = z.safeEncode(answer, value as unknown as Answer);
    expect(parsed.success && encoded.success).toBe(true);
    expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(encoded.data));
    expect(JSON.stringify(parsed.data)).not.toContain('secret');
    expect(JSON.stringify(parsed.data)).not.toContain('hidden');
    const broken = { ...value, data: { ...value.data, status: 'lost' } };
    expect(z.safeParse(answer, broken).success).toBe(false);
    expect(z.safeEncode(answer, broken as unknown as Answer).success).toBe(false);
  });

  it('in a route: strips what the schema does not name, keeps encode where it must, and refuses an answer that breaks its schema', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const withDefault = z.object({ n: z.number().default(7), s: z.string() });
    app.get('/plain', { schema: { response: { 200: z.object({ a: z.string() }) } } }, async () => ({ a: 'kept', b: 'dropped' }));
    app.get('/encoded', { schema: { response: { 200: withDefault } } }, async () => ({ s: 'x' }));
    app.get('/broken', { schema: { response: { 200: z.object({ a: z.string() }) } } }, async () => ({ a: 1 }));
    let serializationError: unknown;
    app.setErrorHandler((error, _request, reply) => {
      serializationError = error;
      return reply.code(500).send({ failed: true });
    });
    expect((await app.inject('/plain')).body).toBe('{"a":"kept"}');
    // Parse would fill the default in (n: 7); encode, which that route keeps, refuses the missing value as before.
    expect(z.safeParse(withDefault, { s: 'x' }).data).toEqual({ n: 7, s: 'x' });
    expect((await app.inject('/encoded')).statusCode).toBe(500);
    expect(isResponseSerializationError(serializationError as Error)).toBe(true);
    serializationError = undefined;
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(isResponseSerializationError(serializationError as Error)).toBe(true);
    await app.close();
  });
});
