import type { FastifyInstance } from 'fastify';
import { ensureBusiness } from './business-fixtures.ts';
import { eq } from 'drizzle-orm';
import { certificates, orderItems, orders } from '../src/db/schema/index.ts';
import { issueCertificatesForOrder } from '../src/modules/certificates/issue-certificates.ts';

export interface Line {
  productId: string;
  quantity: number;
}

/**
 * An order with chosen quantities, written as the checkout writes one (insertOrder in
 * order-fixtures.ts puts one unit on each line; certificates need tonnes).
 */
export async function insertOrderWithLines(
  app: FastifyInstance,
  options: { userId: string; lines: Line[]; status?: 'paid' | 'pending'; businessId?: string | null },
): Promise<string> {
  const status = options.status ?? 'paid';
  if (options.businessId) await ensureBusiness(app, options.businessId);
  const [order] = await app.database.db
    .insert(orders)
    .values({ userId: options.userId, businessId: options.businessId ?? null, kind: options.businessId ? 'business' : 'personal', status, currency: 'USD', totalMinor: 1000, paidAt: status === 'paid' ? new Date() : null })
    .returning({ id: orders.id });
  await app.database.db.insert(orderItems).values(options.lines.map((line) => ({ orderId: order.id, productId: line.productId, quantity: line.quantity, unitPriceMinor: 1000 })));
  return order.id;
}

/** Issues as the checkout will: inside a transaction. */
export const issue = (app: FastifyInstance, orderId: string) => app.database.db.transaction((tx) => issueCertificatesForOrder(tx, orderId));

export const certificatesOfOrder = (app: FastifyInstance, orderId: string) => app.database.db.select().from(certificates).where(eq(certificates.orderId, orderId));
