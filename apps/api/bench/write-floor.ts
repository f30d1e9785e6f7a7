/**
 * The write floor (issue 28's cart and coupon targets): the least an HTTP server must do for the
 * write scenarios' requests, served by the bench's bare Fastify instance on the product's own
 * database connections, so the product's p99 has a baseline measured in the same run.
 *
 * For each request it parses the JSON body (Fastify does), finds the person's cart from the bearer
 * token in a Map (no signature check), writes the same rows as the product in one statement — the
 * cart line inserted, changed or deleted, or the coupon set or cleared, and the cart's timestamp,
 * committed as the product commits them — and answers a copy of the product's answer to the same
 * change, compressed as the product sent it. What it leaves out is what the product adds:
 * verifying the session, validating the request, the catalog and stock rules, pricing,
 * re-reading the cart under its lock, and building and compressing the answer.
 *
 * The statements run on the product's pool (`$client`, 10 connections on PostgreSQL; PGlite's one
 * session otherwise), so the product's carts trigger fires for the floor as for the product, and
 * stays silent for both (the product announces its changes after the commit).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { buildApp } from '../src/app.ts';
import { uuidv7 } from '../src/lib/uuid.ts';
import { ASYNC_COMMIT_CALL } from '../src/db/async-commit.ts';
import { ANNOUNCE_AFTER_COMMIT_CALL } from '../src/db/announce.ts';

/**
 * As the product commits a cart change: without waiting for the disk (decision 0069), the carts
 * trigger silent (the product announces after the commit, decision 0074).
 */
const COMMIT_AS_THE_PRODUCT = `${ASYNC_COMMIT_CALL}, ${ANNOUNCE_AFTER_COMMIT_CALL}`;

type App = Awaited<ReturnType<typeof buildApp>>;
interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rowCount?: number | null; affectedRows?: number }>;
}

/** What the scenario hands over once: who is who, and the product's answers to copy. */
export interface WriteFloorSetup {
  people: { token: string; userId: string }[];
  /** The product's answer per label (add, remove, apply, unapply): its bytes as sent, and their Content-Encoding. */
  answers: Record<string, { base64: string; encoding: string }>;
}

export function registerWriteFloor(bare: FastifyInstance, app: App): void {
  const client = (app.database.db as unknown as { $client: SqlClient }).$client;
  const cartOf = new Map<string, string>();
  const answers = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  const cartFor = (authorization: string | undefined) => {
    const cartId = authorization ? cartOf.get(authorization.slice('Bearer '.length)) : undefined;
    if (!cartId) throw Object.assign(new Error('write floor: unknown person'), { statusCode: 401 });
    return cartId;
  };
  const send = (reply: FastifyReply, label: string) => {
    const answer = answers.get(label);
    if (!answer) throw Object.assign(new Error(`write floor: no answer copied for ${label}`), { statusCode: 500 });
    return reply.headers(answer.headers).send(answer.body);
  };
  const affected = (result: { rowCount?: number | null; affectedRows?: number }) => result.rowCount ?? result.affectedRows ?? 0;

  bare.post<{ Body: WriteFloorSetup }>('/__bench/write-floor', async (request) => {
    const { people, answers: copied } = request.body;
    const rows = (await client.query(`SELECT user_id, id FROM carts WHERE user_id = ANY($1::uuid[])`, [people.map((p) => p.userId)])) as unknown as { rows: { user_id: string; id: string }[] };
    const byUser = new Map(rows.rows.map((row) => [row.user_id, row.id]));
    for (const person of people) {
      const cartId = byUser.get(person.userId);
      if (!cartId) throw new Error(`write floor: person ${person.userId} has no cart`);
      cartOf.set(person.token, cartId);
    }
    for (const [label, { base64, encoding }] of Object.entries(copied)) {
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      answers.set(label, { body: Buffer.from(base64, 'base64'), headers });
    }
    return { people: cartOf.size, answers: answers.size };
  });

  // Each statement commits as the product commits a cart change (COMMIT_AS_THE_PRODUCT).
  bare.patch<{ Body: { products: { product: string; quantity: number }[] } }>('/__floor/api/v1/carts', async (request, reply) => {
    const cartId = cartFor(request.headers.authorization);
    const [line] = request.body.products;
    if (!line) throw Object.assign(new Error('write floor: no line'), { statusCode: 400 });
    if (line.quantity > 0) {
      await client.query(
        `WITH touched AS (UPDATE carts SET updated_at = now() WHERE id = $1 RETURNING ${COMMIT_AS_THE_PRODUCT})
         INSERT INTO cart_items (id, cart_id, product_id, quantity) VALUES ($2, $1, $3, $4)
         ON CONFLICT ON CONSTRAINT cart_items_line_unique DO UPDATE SET quantity = excluded.quantity`,
        [cartId, uuidv7(), line.product, line.quantity],
      );
      return send(reply, 'add');
    }
    await client.query(`WITH touched AS (UPDATE carts SET updated_at = now() WHERE id = $1 RETURNING ${COMMIT_AS_THE_PRODUCT}) DELETE FROM cart_items WHERE cart_id = $1 AND product_id = $2`, [cartId, line.product]);
    return send(reply, 'remove');
  });
  bare.post<{ Params: { code: string }; Body: { type: string } }>('/__floor/api/v1/coupons/:code/apply', async (request, reply) => {
    const cartId = cartFor(request.headers.authorization);
    const result = await client.query(`UPDATE carts SET coupon_id = c.id, coupon_type = $3, updated_at = now() FROM coupons c WHERE carts.id = $1 AND c.code = $2 RETURNING ${COMMIT_AS_THE_PRODUCT}`, [cartId, request.params.code, request.body.type]);
    if (affected(result) !== 1) throw Object.assign(new Error('write floor: coupon not applied'), { statusCode: 404 });
    return send(reply, 'apply');
  });
  bare.patch('/__floor/api/v1/coupons/unapply', async (request, reply) => {
    const cartId = cartFor(request.headers.authorization);
    await client.query(`UPDATE carts SET coupon_id = NULL, coupon_type = NULL, updated_at = now() WHERE id = $1 RETURNING ${COMMIT_AS_THE_PRODUCT}`, [cartId]);
    return send(reply, 'unapply');
  });
}
