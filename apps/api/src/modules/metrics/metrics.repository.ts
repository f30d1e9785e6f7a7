import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface MetricsRow {
  products: number;
  orders: number;
  tonnesRetired: number;
  members: number;
}

/**
 * The public platform figures in one round trip. Tonnes retired: the quantities of paid order
 * lines whose product is an offset sold by the tonne (one unit of stock = one tonne CO2e).
 */
export async function readPlatformMetrics(db: Database): Promise<MetricsRow> {
  const result = (await db.execute(sql`
    SELECT
      (SELECT count(*) FROM products)::int AS "products",
      (SELECT count(*) FROM orders WHERE status IN ('paid', 'partially_refunded'))::int AS "orders",
      (SELECT coalesce(sum(oi.quantity - oi.refunded_quantity), 0)
         FROM order_items oi
         JOIN orders o ON o.id = oi.order_id AND o.status IN ('paid', 'partially_refunded')
         JOIN products p ON p.id = oi.product_id
        WHERE p.kind = 'offset' AND p.unit ILIKE 'tonne%')::float8 AS "tonnesRetired",
      (SELECT count(*) FROM users WHERE email_verified_at IS NOT NULL)::int AS "members"`)) as unknown as { rows: MetricsRow[] };
  const row = result.rows[0]!;
  return { products: Number(row.products), orders: Number(row.orders), tonnesRetired: Number(row.tonnesRetired), members: Number(row.members) };
}
