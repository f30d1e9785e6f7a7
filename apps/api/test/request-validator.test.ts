import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartUpdateBodySchema } from '@app/contract/cart';
import { orderCreateBodySchema } from '@app/contract/orders';
import { requestChecker, requestJsonSchema } from '../src/lib/request-checker.ts';
import { createValidatorCompiler } from '../src/lib/request-validator.ts';

const PRODUCT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const LINE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';

const validCart = { products: [{ product: PRODUCT, quantity: 2, color: null }], conferanceCode: '  CONF-26 ', updateCurrency: 'EUR' };
const validOrder = {
  referalUserId: '',
  buyerEmail: 'sam@example.org',
  firstName: '  Sam ',
  lastName: 'Lee',
  address: { firstName: 'Sam', lastName: 'Lee', line1: '1 Green St', city: 'Leeds', postalCode: 'LS1 1AA', country: ' gb ', phone: '+44 113 000' },
  // Cart fields the web sends along with an order are accepted and left out.
  products: [{ product: PRODUCT, quantity: 1 }],
  subTotal: 12,
};

/** A schema of every kind the compiled check follows, beside the two hot bodies. */
const assorted = z.object({
  name: z.string().trim().min(2).max(10),
  code: z.string().trim().toLowerCase().regex(/^[a-z]{2,4}$/).nullish(),
  count: z.int().min(0).max(5).default(1),
  ratio: z.number().gt(0).lt(1).optional(),
  kind: z.enum(['a', 'b']).default('a'),
  flag: z.literal(true).optional(),
  tags: z.array(z.string().max(5)).max(3).optional(),
  either: z.union([z.string().max(3), z.number()]).optional(),
  inner: z.strictObject({ x: z.boolean() }).optional(),
  plain: z.object({ y: z.string().trim() }).nullable().optional(),
});
const validAssorted = { name: ' ab ', code: ' AB ', count: 2, ratio: 0.5, kind: 'b', flag: true, tags: ['x'], either: 'abc', inner: { x: true }, plain: { y: ' z ', extra: 1 } };

/** What zod gives for `input`: its value, or null when it refuses. */
function zodSays(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** What the compiled check gives for `input` (on a copy): the value it leaves, or null when it refuses. */
function checkSays(schema: z.ZodType, input: unknown): unknown {
  const check = requestChecker(schema)!;
  const data = structuredClone(input);
  return check(data) ? data : null;
}

/** A random value of a random JSON kind, with strings meant to sit on the schemas' edges. */
function randomValue(random: () => number): unknown {
  const strings = ['', ' ', '  x  ', 'gb', 'GB', 'g', 'us\n', PRODUCT, PRODUCT.toUpperCase(), `${PRODUCT} `, 'a@b.co', 'not-an-email', 'x'.repeat(81), '😀'.repeat(80), '😀'.repeat(81), 'CONF_1', 'conf code', 'EUR', 'eur', 'regular'];
  const numbers = [0, 1, -1, 1.5, 10000, 10001, 1e400, -0, 2 ** 53];
  const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)]!;
  switch (Math.floor(random() * 6)) {
    case 0: return pick(strings);
    case 1: return pick(numbers);
    case 2: return random() < 0.5;
    case 3: return null;
    case 4: return [pick(strings)];
    default: return { product: pick(strings), quantity: pick(numbers) };
  }
}

/** `base` with one to three random changes: a key removed, a value replaced, an unknown key added (at any depth). */
function mutate(base: unknown, random: () => number): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const changes = 1 + Math.floor(random() * 3);
  for (let change = 0; change < changes; change += 1) {
    let target: Record<string, unknown> = copy;
    // Walk down a random path of objects and arrays.
    for (let depth = 0; depth < 3; depth += 1) {
      const keys = Object.keys(target).filter((key) => target[key] && typeof target[key] === 'object');
      if (keys.length === 0 || random() < 0.4) break;
      target = target[keys[Math.floor(random() * keys.length)]!] as Record<string, unknown>;
    }
    const keys = Object.keys(target);
    const roll = random();
    // A parsed JSON array has only its elements.
    if (Array.isArray(target)) {
      if (roll < 0.3) target.pop();
      else target.push(randomValue(random));
    } else if (roll < 0.25 && keys.length > 0) delete target[keys[Math.floor(random() * keys.length)]!];
    else if (roll < 0.85 && keys.length > 0) target[keys[Math.floor(random() * keys.length)]!] = randomValue(random);
    else target[random() < 0.5 ? 'unknownKey' : 'checkout'] = randomValue(random);
  }
  return copy;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('the compiled request check (decision 0080)', () => {
  it('compiles the hot bodies, and leaves to zod what Ajv cannot follow exactly', () => {
    expect(requestChecker(cartUpdateBodySchema)).toBeTypeOf('function');
    expect(requestChecker(orderCreateBodySchema)).toBeTypeOf('function');
    const zodsAlone = {
      transform: z.object({ s: z.string().transform((s) => s.length) }),
      pipe: z.object({ s: z.string().pipe(z.email()) }),
      coerce: z.object({ n: z.coerce.number() }),
      'a refinement below the root': z.object({ a: z.object({ b: z.string() }).refine((a) => a.b !== 'x') }),
      'a regex with flags (JSON Schema keeps no flags)': z.object({ s: z.string().regex(/^ab$/i) }),
      'a rewrite after a check': z.object({ s: z.string().max(3).trim() }),
      // z.email() checks its format first: ' a@b.co' is refused before the trim.
      'a rewrite of a format schema': z.object({ e: z.email().trim() }),
      'a rewrite inside a union': z.object({ s: z.union([z.string().trim().min(3), z.number()]) }),
      'a default outside an object property': z.object({ list: z.array(z.string().default('x')) }),
      'an object that keeps unknown keys': z.looseObject({ a: z.string() }),
      'a discriminated union': z.object({ k: z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]) }),
      record: z.object({ r: z.record(z.string(), z.number()) }),
      // zod answers a default unchecked; Ajv would trim it.
      'a default that would be rewritten': z.object({ s: z.string().trim().default(' x ') }),
      'a multiple of': z.object({ n: z.number().multipleOf(3) }),
      'two patterns on one string': z.object({ s: z.email().regex(/^a/) }),
      'a root that is not an object': z.array(z.string()),
    };
    for (const [name, schema] of Object.entries(zodsAlone)) expect(requestJsonSchema(schema), name).toBeNull();
    // "X or null" may rewrite X: the two never both match.
    expect(requestJsonSchema(z.object({ s: z.string().trim().nullish() }))).not.toBeNull();
    // Headers are never rewritten: a schema that would trim or fill one, or refuse unknown ones, is zod's.
    expect(requestJsonSchema(z.object({ 'idempotency-key': z.string().regex(/^[!-~]{8,128}$/).optional() }), 'headers')).not.toBeNull();
    expect(requestJsonSchema(z.object({ 'x-tag': z.string().trim() }), 'headers')).toBeNull();
    expect(requestJsonSchema(z.object({ 'x-tag': z.string().default('a') }), 'headers')).toBeNull();
    expect(requestJsonSchema(z.strictObject({ 'x-tag': z.string() }), 'headers')).toBeNull();
  });

  it('gives zod’s value for valid bodies: trimmed, capitalised, defaults filled, unknown keys of plain objects left out', () => {
    expect(checkSays(cartUpdateBodySchema, validCart)).toEqual(zodSays(cartUpdateBodySchema, validCart));
    expect(checkSays(cartUpdateBodySchema, validCart)).toMatchObject({ conferanceCode: 'CONF-26', type: 'regular' });
    const order = checkSays(orderCreateBodySchema, validOrder) as Record<string, unknown>;
    expect(order).toEqual(zodSays(orderCreateBodySchema, validOrder));
    expect(order).toMatchObject({ firstName: 'Sam', isBusinessOrder: false, address: { country: 'GB' } });
    expect(order).not.toHaveProperty('subTotal');
    expect(order).not.toHaveProperty('products');
  });

  it('refuses what zod refuses: strict objects’ unknown keys, blank names after the trim, lengths in code points, the root refinement', () => {
    const cases: [z.ZodType, unknown][] = [
      [cartUpdateBodySchema, { ...validCart, extra: 1 }],
      [cartUpdateBodySchema, { products: [{ product: PRODUCT, quantity: 1, extra: 1 }] }],
      [cartUpdateBodySchema, { products: [{ product: PRODUCT, quantity: 1.5 }] }],
      [cartUpdateBodySchema, { products: [{ product: PRODUCT, quantity: 1e400 }] }],
      // The superRefine: a checkout line without checkout, and the other way round.
      [cartUpdateBodySchema, { products: [{ product: PRODUCT, cartItemId: LINE_ID, quantity: 1 }] }],
      [cartUpdateBodySchema, { checkout: true, products: [{ product: PRODUCT, quantity: 1 }] }],
      [orderCreateBodySchema, { ...validOrder, firstName: '    ' }],
      [orderCreateBodySchema, { ...validOrder, firstName: '😀'.repeat(81) }],
      [orderCreateBodySchema, { ...validOrder, address: { ...validOrder.address, country: 'gbr' } }],
      [orderCreateBodySchema, { ...validOrder, address: { ...validOrder.address, extra: 'x' } }],
      [orderCreateBodySchema, { ...validOrder, buyerEmail: 'sam@example' }],
    ];
    for (const [schema, input] of cases) {
      expect(zodSays(schema, input), JSON.stringify(input)).toBeNull();
      expect(checkSays(schema, input), JSON.stringify(input)).toBeNull();
    }
    // Both count code points: 80 emoji (160 UTF-16 units) are at the limit of 80.
    const atLimit = { ...validOrder, firstName: '😀'.repeat(80) };
    expect(checkSays(orderCreateBodySchema, atLimit)).toEqual(zodSays(orderCreateBodySchema, atLimit));
    expect(checkSays(orderCreateBodySchema, atLimit)).not.toBeNull();
    const checkoutLine = { checkout: true, products: [{ product: PRODUCT, cartItemId: LINE_ID, quantity: 3 }] };
    expect(checkSays(cartUpdateBodySchema, checkoutLine)).toEqual(zodSays(cartUpdateBodySchema, checkoutLine));
  });

  it('agrees with zod on 6,000 random changes of a valid cart change, order and body of every kind', () => {
    expect(requestChecker(assorted)).toBeTypeOf('function');
    const random = seeded(28);
    let accepted = 0;
    for (let round = 0; round < 2000; round += 1) {
      for (const [schema, base] of [[cartUpdateBodySchema, validCart], [orderCreateBodySchema, validOrder], [assorted, validAssorted]] as const) {
        const input = mutate(base, random);
        const zod = zodSays(schema, input);
        expect(checkSays(schema, input), JSON.stringify(input)).toEqual(zod);
        if (zod !== null) accepted += 1;
      }
    }
    // Both sides of the line are exercised.
    expect(accepted).toBeGreaterThan(600);
    expect(accepted).toBeLessThan(5400);
  });
});

describe('the validator compiler', () => {
  async function appWith(crossCheck: boolean, schema: z.ZodType) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(createValidatorCompiler({ crossCheck }));
    const headers = z.object({ 'x-tag': z.string().max(3, 'x-tag is at most 3 characters').optional() });
    app.post('/thing', { schema: { body: schema, headers } }, (request) => ({
      body: request.body,
      authorization: request.headers.authorization ?? null,
      tag: request.headers['x-tag'] ?? null,
      nodeHeaders: request.headers === request.raw.headers,
    }));
    await app.ready();
    return app;
  }

  it('answers valid bodies with zod’s value and invalid ones with zod’s messages, and leaves the headers as Node’s own', async () => {
    for (const crossCheck of [false, true]) {
      const app = await appWith(crossCheck, orderCreateBodySchema);
      const ok = await app.inject({ method: 'POST', url: '/thing', headers: { authorization: 'Bearer t', 'x-tag': 'a' }, payload: validOrder });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ body: zodSays(orderCreateBodySchema, validOrder), authorization: 'Bearer t', tag: 'a', nodeHeaders: true });
      const badHeader = await app.inject({ method: 'POST', url: '/thing', headers: { 'x-tag': 'abcd' }, payload: validOrder });
      expect(badHeader.statusCode).toBe(400);
      expect(badHeader.json().message).toContain('x-tag is at most 3 characters');
      const bad = await app.inject({ method: 'POST', url: '/thing', payload: { ...validOrder, address: { ...validOrder.address, country: 'Great Britain' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('A country is a two-letter code');
      await app.close();
    }
  });

  it('outside production, a body the two judge differently is a server error naming the route', async () => {
    // A refinement that says yes once and no after: the compiled check runs it first, zod second.
    let calls = 0;
    const fickle = z.object({ a: z.string() }).refine(() => (calls += 1) === 1, 'changed its mind');
    const app = await appWith(true, fickle);
    const answer = await app.inject({ method: 'POST', url: '/thing', payload: { a: 'x' } });
    expect(answer.statusCode).toBe(500);
    expect(calls).toBe(2);
    await app.close();
    // In production only the compiled check runs.
    calls = 0;
    const production = await appWith(false, fickle);
    expect((await production.inject({ method: 'POST', url: '/thing', payload: { a: 'x' } })).statusCode).toBe(200);
    expect(calls).toBe(1);
    await production.close();
  });
});
