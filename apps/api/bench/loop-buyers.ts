import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';

/**
 * Buyers for an order loop: `buyers` fresh verified accounts with tokens, and up to `products`
 * offset projects without variations, each given stock enough for any run. Used by the bench
 * server's order loop (sections/order-loop.ts) and by probes/order-cpu-sequential.ts.
 */
export async function loopBuyers(app: FastifyInstance, jwtSecret: string, counts: { buyers: number; products: number }, prefix = 'loop') {
  const signer = new TokenSigner(jwtSecret, 3600);
  const tag = Date.now().toString(36);
  const rows = await app.database.db
    .insert(users)
    .values(Array.from({ length: counts.buyers }, (_, i) => ({ email: `${prefix}.${tag}.${i}@bench.example`, passwordHash: 'not-a-hash', firstName: 'Bench', lastName: `Looper ${i}`, slug: `bench-${prefix}-${tag}-${i}`, emailVerifiedAt: new Date() })))
    .returning();
  const tokens = await Promise.all(rows.map((row) => signer.sign({ sub: row.id, tv: row.tokenVersion })));
  const chosen = app.catalog
    .snapshot()
    .products.filter((p) => p.kind === 'offset' && p.variation.length === 0)
    .slice(0, counts.products);
  const writes = createCatalogWrites(app.database.db, app.catalog);
  for (const product of chosen) await writes.setStock(product.id, 100_000_000);
  return { tokens, userIds: rows.map((row) => row.id), productIds: chosen.map((p) => p.id) };
}
