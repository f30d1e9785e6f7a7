/**
 * The data set's product reviews (dataset.ts): about one order line in eight gets a review from
 * its buyer, as the product allows it (a paid order containing the product, one review per
 * product per order). Ratings lean positive, as shop reviews do. Draws from the data set's one
 * generator stream, last, so the rows written before it stay the same run after run.
 */
import type { FastifyInstance } from 'fastify';
import { orderItems, orders, productReviews } from '../src/db/schema/index.ts';
import { DAY, insertChunks, type generator } from './dataset-generator.ts';

type Database = FastifyInstance['database']['db'];
type Generator = ReturnType<typeof generator>;

/** Share of order lines whose buyer writes a review. */
const REVIEWED_SHARE = 0.125;
/** Ratings 5 to 1, and how often each is given (they add up to 1). */
const RATING_WEIGHTS = [
  [5, 0.46],
  [4, 0.3],
  [3, 0.12],
  [2, 0.07],
  [1, 0.05],
] as const;
const COMMENTS: Record<number, readonly string[]> = {
  5: ['Exactly as described, and the certificate arrived the same day.', 'Clear reporting on where the money goes. Will buy again.', 'Great quality and plastic-free packaging. Recommended.', 'Transparent project updates every quarter. Five stars.'],
  4: ['Good project, though I would like more photos from the site.', 'Solid product; delivery took a few days longer than promised.', 'Well documented and easy to buy. Happy with it.'],
  3: ['Fine, but the project page could explain the methodology better.', 'Does the job. Nothing special.', 'Average: the registry link took a while to appear.'],
  2: ['Took weeks to get the retirement certificate.', 'Smaller than I expected from the photos.'],
  1: ['Arrived damaged and support was slow to answer.', 'Could not find the project on the registry.'],
};

function rating(g: Generator): number {
  let draw = g.next();
  for (const [stars, weight] of RATING_WEIGHTS) {
    if (draw < weight) return stars;
    draw -= weight;
  }
  return 5;
}

/** Writes the reviews; answers how many. `epoch` is the data set's "now": no review is later. */
export async function insertReviews(
  db: Database,
  g: Generator,
  orderRows: readonly (typeof orders.$inferInsert)[],
  itemRows: readonly (typeof orderItems.$inferInsert)[],
  count: (table: string, n: number) => void,
  epoch: number,
): Promise<number> {
  const orderById = new Map(orderRows.map((order) => [order.id!, order]));
  const reviewed = new Set<string>();
  const rows: (typeof productReviews.$inferInsert)[] = [];
  for (const item of itemRows) {
    if (g.next() >= REVIEWED_SHARE) continue;
    // One review per product per order, even when the order has the product on two lines.
    const key = `${item.productId}|${item.orderId}`;
    if (reviewed.has(key)) continue;
    reviewed.add(key);
    const order = orderById.get(item.orderId)!;
    const stars = rating(g);
    const writtenAt = new Date(Math.min(epoch - DAY, order.paidAt!.getTime() + g.int(3, 40) * DAY));
    rows.push({ id: g.id(writtenAt.getTime()), productId: item.productId, orderId: item.orderId, userId: order.userId!, rating: stars, comment: g.pick(COMMENTS[stars]!), createdAt: writtenAt, updatedAt: writtenAt });
  }
  await insertChunks(rows, (chunk) => db.insert(productReviews).values(chunk));
  count('product_reviews', rows.length);
  return rows.length;
}
