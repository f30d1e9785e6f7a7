import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';

/**
 * Deletes a product no order line or certificate names, with the cart lines that hold it.
 * Order lines, certificates and cart lines keep no foreign key to products (decision 0058: the
 * key made every buyer of a product share-lock its row), so this does what the keys did: an
 * ordered product is refused (it is archived instead) and cart lines go with it. Answers whether
 * the product was deleted.
 */
export async function deleteUnorderedProduct(tx: Tx | Database, productId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    delete from products where id = ${productId}::uuid
      and not exists (select 1 from order_items where product_id = ${productId}::uuid)
      and not exists (select 1 from certificates where product_id = ${productId}::uuid)
    returning id`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) return false;
  await tx.execute(sql`delete from cart_items where product_id = ${productId}::uuid`);
  return true;
}
