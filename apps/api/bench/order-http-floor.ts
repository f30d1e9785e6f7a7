/**
 * The HTTP floors of the order loop (issue 28): a bare-SQL floor's two statements
 * (sections/same-rows-floor.ts) behind two bare Fastify routes, driven by the same HTTP load
 * generator as the product. They bound what any HTTP API can reach on this machine:
 *
 * - `issue`: the issue's floor (floor.sql, four narrow scratch tables). The product's share of the
 *   issue's floor can be no higher than this floor's, whatever its design.
 * - `same-rows`: the rows the product's order and cart change write, in its own tables. The most
 *   the product's data model can reach over HTTP here.
 *
 * For each request it parses the JSON body (Fastify does), finds the buyer from the bearer token
 * in a Map (no signature check), runs the floor's statement for that step on the product's own
 * database pool (10 connections on PostgreSQL), and answers a copy of the product's answer to the
 * same request, so the client reads the same bytes. It runs in the product's process, like the
 * write floor, so the bench reads its CPU as the API's. PostgreSQL only: the floors' statements
 * need the scratch schema and the templates the order-loop section makes on the run's database.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { buildApp } from '../src/app.ts';
import { issueFloor, sameRowsFloor, type SqlLoopSteps } from './sections/same-rows-floor.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
export type HttpFloorKind = 'issue' | 'same-rows';

/** What the section hands over before a floor's rounds. */
export interface OrderHttpFloorSetup {
  floor: HttpFloorKind;
  /** The buyers' bearer tokens; buyer n is tokens[n]. */
  tokens: string[];
  /** Per buyer: the floor.stock id (issue) or the catalog product id (same-rows) it buys. */
  products: (number | string)[];
  /** same-rows only: the buyers' accounts and the carts the floor makes for them. */
  buyers?: { userId: string; cartId: string }[];
  /** The product's answer bodies to one cart change and one order, as sent without compression. */
  answers: { cart: string; order: string };
}

/** Where each floor's routes live: `${prefix}/api/v1/carts` (PATCH) and `${prefix}/api/v1/orders` (POST). */
export const ORDER_HTTP_FLOOR_PREFIX: Record<HttpFloorKind, string> = { issue: '/__orderfloor', 'same-rows': '/__samerowsfloor' };

export function registerOrderHttpFloor(bare: FastifyInstance, app: App): void {
  // The product's pool: each floor step is one statement, so any of its connections will do.
  const pool = (app.database.db as unknown as { $client: pg.Client }).$client;
  const floors = new Map<HttpFloorKind, FloorRoutesState>();

  bare.post<{ Body: OrderHttpFloorSetup }>('/__bench/order-http-floor', async (request) => {
    const { floor, tokens, products, buyers, answers } = request.body;
    const steps =
      floor === 'issue'
        ? issueFloor((buyer) => products[buyer] as number)
        : await sameRowsFloor(pool, buyers ?? [], (buyer) => products[buyer] as string);
    floors.set(floor, floorState(steps, tokens, answers));
    return { floor, buyers: tokens.length };
  });

  for (const [kind, prefix] of Object.entries(ORDER_HTTP_FLOOR_PREFIX) as [HttpFloorKind, string][]) {
    registerFloorRoutes(bare, prefix, `${kind} HTTP floor`, pool, () => floors.get(kind));
  }
}

/** A floor's steps, its buyers by bearer token, and the answers it sends (copies of the product's). */
export interface FloorRoutesState {
  steps: SqlLoopSteps;
  buyerOf: Map<string, number>;
  answers: { cart: Buffer; order: Buffer };
}

/** A floor's state: buyer n is the one whose bearer token is tokens[n]. */
export function floorState(steps: SqlLoopSteps, tokens: string[], answers: { cart: string; order: string }): FloorRoutesState {
  return { steps, buyerOf: new Map(tokens.map((token, buyer) => [token, buyer])), answers: { cart: Buffer.from(answers.cart), order: Buffer.from(answers.order) } };
}

/**
 * The two routes of an HTTP floor at `prefix`: PATCH /api/v1/carts runs the floor's cart step and
 * POST /api/v1/orders its order step, for the buyer whose bearer token the state knows, each on
 * `db` and answering the state's copy of the product's answer. Used here and by floor-host.ts.
 */
export function registerFloorRoutes(app: FastifyInstance, prefix: string, name: string, db: pg.Client, state: () => FloorRoutesState | undefined): void {
  const stepsFor = (authorization: string | undefined) => {
    const floor = state();
    const buyer = authorization ? floor?.buyerOf.get(authorization.slice('Bearer '.length)) : undefined;
    if (!floor || buyer === undefined) throw Object.assign(new Error(`${name}: unknown buyer`), { statusCode: 401 });
    return { ...floor, buyer };
  };
  app.patch(`${prefix}/api/v1/carts`, async (request, reply) => {
    const { steps, buyer, answers } = stepsFor(request.headers.authorization);
    await steps.cart(db, buyer);
    return reply.type('application/json; charset=utf-8').send(answers.cart);
  });
  app.post(`${prefix}/api/v1/orders`, async (request, reply) => {
    const { steps, buyer, answers } = stepsFor(request.headers.authorization);
    try {
      await steps.order(db, buyer);
    } catch (error) {
      throw Object.assign(new Error(`${name}: ${(error as Error).message}`), { statusCode: 409 });
    }
    return reply.type('application/json; charset=utf-8').send(answers.order);
  });
}
