import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { startExpirySweeper } from './orders.payment.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders: `markOrderPaid` and `expireOrder` for payment webhooks; the rest serves the routes. */
    orders: OrdersService;
  }
}

/** Orders under /api, the expiry sweeper (started when the app is ready, stopped on close) and `app.orders`. */
export async function registerOrders(app: FastifyInstance, deps: { db: Database; provider: PaymentProvider; mail: ReturnType<typeof createMailRepository>; dispatcher: MailDispatcher }) {
  const { config } = app;
  const orders = createOrdersService({
    db: deps.db,
    catalog: app.catalog,
    announcer: app.announcer,
    provider: deps.provider,
    mail: deps.mail,
    dispatcher: deps.dispatcher,
    publicUrl: config.publicUrl,
    reservationMs: config.orderReservationMs,
    unpaidLimits: { perAccount: config.orderMaxUnpaidPerAccount, perAddress: config.orderMaxUnpaidPerAddress, unitsPerProduct: config.orderMaxUnpaidUnitsPerProduct },
    log: app.log,
    staffRefundLimitMinor: config.staffRefundLimitMinor,
  });
  app.decorate('orders', orders);
  let sweeper: ReturnType<typeof startExpirySweeper> | null = null;
  app.addHook('onReady', async () => {
    sweeper = startExpirySweeper(orders, deps.db, config.orderSweepIntervalMs, app.log);
  });
  // Registered after the database's onClose hook, so it runs first: no sweep meets a closed database.
  app.addHook('onClose', async () => sweeper?.stop());
  await app.register(async (api) => api.register(ordersRoutes, { orders, placeRateLimit: { max: config.orderRateLimitMax, timeWindow: '1 minute', exact: false } }), { prefix: '/api' });
}
