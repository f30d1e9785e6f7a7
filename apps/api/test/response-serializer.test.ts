import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@app/contract';
import { cartEnvelopeSchema } from '@app/contract/cart';
import { answerJsonSchema, answerWriter } from '../src/lib/answer-writer.ts';
import { createSerializerCompiler, isSymmetric } from '../src/lib/response-serializer.ts';

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
    // As the tests' API runs it: every answer checked by zod too.
    app.setSerializerCompiler(createSerializerCompiler({ crossCheck: true }));
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

  it('writes with the compiled writer (decision 0079) exactly what the zod check gives: the same values, unknown keys left out', () => {
    const value = {
      success: true,
      extra: 'dropped',
      data: {
        lines: [{ id: '0190a1b2-0000-7000-8000-000000000001', name: 'Offset "A"\n', quantity: 2, note: null, secret: 'x', at: '2026-11-27T10:00:00.000Z' }],
        status: 'paid',
        tags: { a: 1, 'b c': 2.5 },
        pair: ['x', 1],
        kind: { type: 'gift', to: 'Sam', hidden: true },
        either: { b: 3, a: 4 },
      },
    };
    const write = answerWriter(answer)!;
    expect(write).toBeTypeOf('function');
    const written = write(value);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.parse(answer, value))));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('hidden');
    expect(written).not.toContain('dropped');
    // The same schema object compiles once.
    expect(answerWriter(answer)).toBe(write);
  });

  it("writes nullable objects, arrays and primitives as the writer's own nullable, not as a union checked on every answer", () => {
    const schema = z.object({ color: z.object({ _id: z.string(), image: z.string().nullable() }).nullable(), list: z.array(z.int()).nullable(), n: z.number().nullable(), s: z.string().optional() });
    const json = JSON.stringify(answerJsonSchema(schema));
    expect(json).not.toContain('anyOf');
    // A choice that may be null stays a choice (the saved footprint: one of four kinds, or null).
    const kinds = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.number() }), z.object({ kind: z.literal('b'), y: z.string() })]);
    const envelope = z.object({ data: kinds.nullable() });
    for (const value of [{ data: null }, { data: { kind: 'a', x: 1, y: 'hidden' } }, { data: { kind: 'b', y: 'shown', x: 2 } }]) {
      expect(JSON.parse(answerWriter(envelope)!(value))).toEqual(JSON.parse(JSON.stringify(z.parse(envelope, value))));
    }
    const write = answerWriter(schema)!;
    for (const value of [
      { color: null, list: null, n: null },
      { color: { _id: 'c', image: null, extra: 1 }, list: [1, 2], n: 0.5, s: 'x' },
    ]) expect(JSON.parse(write(value))).toEqual(JSON.parse(JSON.stringify(z.parse(schema, value))));
  });

  it('the cart answer, written by the writer, is the JSON zod gives', () => {
    const item = { cartItemId: '0190a1b2-0000-7000-8000-000000000002', product: { _id: 'p', id: 'p', name: 'Offset', slug: 'offset', image: ['/i.svg'], kind: 'offset', unit: 'tonne CO2e', internal: 1 }, color: null, size: { _id: 's', name: 'M' }, quantity: 2, inStock: 5, price: 18, priceMinor: 1800, lineTotal: 36, lineTotalMinor: 3600, gift: null };
    const cart = { _id: null, products: [item], itemCount: 2, currency: 'USD', currencySymbol: '$', temporaryCheckoutCurrency: 'USD', type: 'regular', subTotal: 36, subTotalMinor: 3600, discount: 0, discountMinor: 0, discountUnit: null, couponValue: null, orderTotal: 36, orderTotalMinor: 3600, orderTotalWithinStripeRange: true, coupon: null, couponType: null, couponError: null, couponData: null, stripePaymentCouponId: null, stripeSubscriptionCouponId: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, businessCode: null };
    const envelope = { success: true, message: 'Added to cart Successfully', data: cart };
    const checked = z.safeParse(cartEnvelopeSchema, envelope);
    expect(checked.error).toBeUndefined();
    const written = answerWriter(cartEnvelopeSchema)!(envelope);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(checked.data)));
    expect(written).not.toContain('internal');
  });

  it('in production, a missing required property is still refused; elsewhere every answer is also checked by zod', async () => {
    const build = async (crossCheck: boolean) => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(createSerializerCompiler({ crossCheck }));
      const schema = { response: { 200: z.object({ a: z.string(), n: z.int() }) } };
      app.get('/fine', { schema }, async () => ({ a: 'kept', n: 1, b: 'dropped' }));
      app.get('/missing', { schema }, async () => ({ n: 1 }));
      app.get('/wrong-type', { schema }, async () => ({ a: 5, n: 1.5 }));
      let refused: unknown;
      app.setErrorHandler((error, _request, reply) => {
        refused = error;
        return reply.code(500).send({ failed: true });
      });
      const answer = async (url: string) => {
        refused = undefined;
        const response = await app.inject(url);
        return { status: response.statusCode, body: response.body, refused: refused !== undefined && isResponseSerializationError(refused as Error) };
      };
      return { app, answer };
    };
    const production = await build(false);
    expect(await production.answer('/fine')).toEqual({ status: 200, body: '{"a":"kept","n":1}', refused: false });
    expect(await production.answer('/missing')).toMatchObject({ status: 500, refused: true });
    // Written as the schema's types, unchecked: what the cross-check below exists to catch in tests.
    expect(JSON.parse((await production.answer('/wrong-type')).body)).toEqual({ a: '5', n: 1 });
    const checked = await build(true);
    expect(await checked.answer('/fine')).toEqual({ status: 200, body: '{"a":"kept","n":1}', refused: false });
    expect(await checked.answer('/missing')).toMatchObject({ status: 500, refused: true });
    expect(await checked.answer('/wrong-type')).toMatchObject({ status: 500, refused: true });
    await production.app.close();
    await checked.app.close();
  });

  it('compiles a writer for every symmetric schema the contract exports', () => {
    const symmetric = Object.entries(contract).filter(([, value]) => value instanceof z.ZodType && isSymmetric(value));
    expect(symmetric.length).toBeGreaterThan(30);
    const failed = symmetric.filter(([, schema]) => !answerWriter(schema as z.ZodType)).map(([name]) => name);
    expect(failed).toEqual([]);
  });
});
