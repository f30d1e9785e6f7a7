import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Order } from '@app/contract/orders';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { changeStatus } from './order-state.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { orderEmails } from '../mail/mail.orders.ts';
import { ordersRepository as repo, type OrderRow } from './orders.repository.ts';
import { shownStatus } from './orders.view.ts';
import { stockRepository as stock, stockTargets } from './stock.repository.ts';

/**
 * A buyer cancels their own order while it awaits payment (issue 23 item 3): one transaction
 * turns it cancelled (a conditional update: of a thousand requests at once one wins, the others
 * find it cancelled) and gives its units back; its coupon use was only ever counted for pending
 * orders, so it is free at the same commit. Then the provider's checkout is closed, so the old
 * payment page cannot take money (a payment that still arrives is refunded, orders.payment.ts).
 */
export function createBuyerCancel(deps: {
  db: Database;
  catalog: Pick<CatalogHandle, 'changed'>;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now: () => Date;
  expireOrder: (orderId: string) => Promise<boolean>;
  answer: (row: OrderRow, items?: undefined, withTimeline?: boolean) => Promise<Order>;
  mail: ReturnType<typeof createMailRepository>;
  dispatcher: Pick<MailDispatcher, 'kick'>;
  publicUrl: string;
}) {
  const { db, catalog, provider, log, now } = deps;
  const notFound = () => new AppError('NOT_FOUND', 'Order was not found');

  return {
    async cancelOwn(userId: string, orderId: string): Promise<{ success: true; message: string; data: Order }> {
      const cancelled = await db.transaction(async (tx) => {
        const row = await changeStatus(tx, {
          orderId,
          from: 'pending',
          to: 'cancelled',
          // Only the buyer's own order, and only while its reservation holds: a lapsed one is expired, not cancelled.
          where: and(eq(orders.userId, userId), gt(orders.reservedUntil, now())),
          set: { cancelledAt: now(), cancelReason: 'buyer', reservedUntil: null, checkoutUrl: null },
          event: { actor: 'buyer', actorUserId: userId, note: 'Cancelled before payment' },
        });
        if (!row) return null;
        const items = await repo.itemsOf(tx, [orderId]);
        for (const target of stockTargets(items)) await stock.release(tx, target);
        const to = await repo.accountEmail(tx, userId);
        if (to) await deps.mail.enqueue(tx as unknown as Database, to, orderEmails.orderCancelled({ firstName: row.firstName || null, orderNumber: row.orderNumber, by: 'buyer', reason: null, url: `${deps.publicUrl}/account/orders/${row.id}` }));
        return { row, items };
      });

      if (cancelled) {
        deps.dispatcher.kick();
        await catalog.changed([...new Set(cancelled.items.map((item) => item.productId))], { stockOnly: true });
        if (cancelled.row.paymentReference && provider.cancelPayment) {
          await provider.cancelPayment(cancelled.row.paymentReference).catch((error: unknown) => log.error({ err: error, orderId }, 'orders: closing the checkout of a cancelled order failed'));
        }
        return { success: true, message: 'Order cancelled', data: await deps.answer(cancelled.row, undefined, true) };
      }

      const row = await repo.findOwn(db, userId, orderId);
      if (!row) throw notFound();
      if (row.status === 'pending' && shownStatus(row, now()) === 'expired') await deps.expireOrder(orderId);
      const status = shownStatus(row, now());
      if (status === 'cancelled') return { success: true, message: 'Order already cancelled', data: await deps.answer(row, undefined, true) };
      throw new AppError('ORDER_NOT_CANCELLABLE', status === 'paid' ? `Order ${row.orderNumber} is paid and can no longer be cancelled` : `Order ${row.orderNumber} is ${status}: only an order awaiting payment can be cancelled`);
    },
  };
}
