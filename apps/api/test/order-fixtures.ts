import type { FastifyInstance } from 'fastify';
import { ensureBusiness } from './business-fixtures.ts';
import { orderItems, orders } from '../src/db/schema/index.ts';

/**
 * Orders written straight into the test database through Drizzle, as the checkout will write
 * them: tests of what depends on a purchase (reviews) need real rows, not a mocked answer.
 */
export async function insertOrder(
  app: FastifyInstance,
  options: { userId: string; productIds: string[]; status?: 'paid' | 'pending' | 'cancelled' | 'refunded'; businessId?: string | null },
): Promise<string> {
  const status = options.status ?? 'paid';
  if (options.businessId) await ensureBusiness(app, options.businessId);
  const [order] = await app.database.db
    .insert(orders)
    .values({ userId: options.userId, businessId: options.businessId ?? null, kind: options.businessId ? 'business' : 'personal', status, currency: 'USD', totalMinor: 1000 * options.productIds.length, paidAt: status === 'paid' ? new Date() : null })
    .returning({ id: orders.id });
  await app.database.db.insert(orderItems).values(options.productIds.map((productId) => ({ orderId: order.id, productId, quantity: 1, unitPriceMinor: 1000 })));
  return order.id;
}
