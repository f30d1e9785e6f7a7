/**
 * The issue's HTTP floor as a host of its own (issue 28's two-host target): a process with
 * nothing but two bare Fastify routes and a node-postgres pool of 10, run once or twice beside
 * `npm start`'s hosts by sections/processes.ts. Two of them on one PostgreSQL show how far a
 * second API host can lift orders/s on this machine when the API does only the essential work;
 * the product's two-host scaling is read beside that.
 *
 * The routes are the ones order-http-floor.ts runs inside the bench server (registerFloorRoutes):
 * PATCH /api/v1/carts upserts the buyer's cart line and POST /api/v1/orders places the order in
 * the issue's one statement (floor.sql, which the section creates), each answering a copy of the
 * product's answer to the same request. The buyer is found from the bearer token in a Map (no
 * signature check).
 *
 * Started as `node --import tsx floor-host.ts` with DATABASE_URL and PORT; it prints
 * `floor-host-listening <port>` on stderr once it listens, and takes its buyers from
 * POST /__setup { tokens, stockIds, answers: { cart, order } }.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { issueFloor } from './sections/same-rows-floor.ts';
import { floorState, registerFloorRoutes, type FloorRoutesState } from './order-http-floor.ts';

interface Setup {
  tokens: string[];
  /** Each buyer's floor.stock row (by its index in `tokens`): the product's buyers spread the same way. */
  stockIds: number[];
  answers: { cart: string; order: string };
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
let floor: FloorRoutesState | undefined;

app.post<{ Body: Setup }>('/__setup', async (request) => {
  const { tokens, stockIds, answers } = request.body;
  floor = floorState(issueFloor((buyer) => stockIds[buyer]!), tokens, answers);
  return { buyers: tokens.length };
});

// pg.Pool answers query() as a client does; each step is one statement, so any connection will do.
registerFloorRoutes(app, '', 'floor host', pool as unknown as pg.Client, () => floor);

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stderr.write(`floor-host-listening ${process.env.PORT}\n`);
