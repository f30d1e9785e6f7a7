import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';

/**
 * The opening row of every stock level the ledger does not explain (seeded stock, and stock from
 * before the ledger existed): for each product without colours and each size, the level less the
 * ledger's deltas is what it started with; when that is not zero, one row `initial` records it,
 * dated just before the first ledger row (or the product's creation). Running it again writes
 * nothing: afterwards every level is explained. The migration 0024 holds the same statement.
 */
export const OPENING_STOCK_SQL = sql`
insert into stock_ledger (id, at, product_id, size_id, label, delta, resulting_stock, reason, note)
select gen_random_uuid(), o.at, o.product_id, o.size_id, o.label, o.opening, o.opening, 'initial', 'Opening stock'
from (
  select p.id as product_id, null::uuid as size_id, 'Stock' as label,
         p.stock - coalesce((select sum(l.delta) from stock_ledger l where l.product_id = p.id and l.size_id is null), 0) as opening,
         coalesce((select min(l.at) from stock_ledger l where l.product_id = p.id and l.size_id is null) - interval '1 millisecond', p.created_at) as at
  from products p
  where not exists (select 1 from product_colors c where c.product_id = p.id)
  union all
  select c.product_id, s.id, left(c.name || ' / ' || s.name, 100),
         s.stock - coalesce((select sum(l.delta) from stock_ledger l where l.size_id = s.id), 0),
         coalesce((select min(l.at) from stock_ledger l where l.size_id = s.id) - interval '1 millisecond', p.created_at)
  from product_sizes s join product_colors c on c.id = s.color_id join products p on p.id = c.product_id
) o
where o.opening <> 0`;

/** Writes the opening rows (see OPENING_STOCK_SQL). */
export async function recordOpeningStock(db: Database | Tx): Promise<void> {
  await db.execute(OPENING_STOCK_SQL);
}
