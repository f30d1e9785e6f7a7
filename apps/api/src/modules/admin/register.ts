import cluster from 'node:cluster';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { startOperatorSocket } from './cli/operator-socket.ts';
import { socketPathOf } from './cli/operator-socket-client.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { AdminTokenSigner } from './access/admin-token.ts';
import type { AdminContext } from './admin.context.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { mfaRoutes } from './mfa/mfa.routes.ts';
import { createMfaService } from './mfa/mfa.service.ts';
import { createOperatorsService } from './operators/operators.service.ts';
import { operatorsRoutes } from './operators/operators.routes.ts';
import { productImagesRoutes } from './products/products.images.ts';
import { productsRoutes } from './products/products.routes.ts';
import { createProductsService } from './products/products.service.ts';
import { stockRoutes } from './stock/stock.routes.ts';
import { productsCsvRoutes } from './products/products.csv.routes.ts';
import { taxonomyRoutes } from './taxonomy/taxonomy.routes.ts';
import { couponsRoutes } from './coupons/coupons.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { newsletterRoutes } from './newsletter/newsletter.routes.ts';
import { createNewsletterJob } from './newsletter/newsletter.job.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { fulfilmentRoutes } from './orders/fulfilment.routes.ts';
import { orderListRoutes } from './orders/order-list.routes.ts';
import { orderOperationsRoutes } from './orders/orders.operations.routes.ts';
import type { AuthContext } from '../auth/auth.context.ts';
import type { MailingListContext } from '../mailing-list/mailing-list.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends newsletter issues in the background (tests wait on it with idle()). */
    newsletterJob: ReturnType<typeof createNewsletterJob>;
  }
}

export interface AdminDeps {
  db: Database;
  mail: MailRepository;
  dispatcher: MailDispatcher;
  adminSigner: AdminTokenSigner;
  auth: AuthContext;
  mailingList: MailingListContext;
}

/** How often a process looks for newsletter issues whose sender died mid-send. */
const NEWSLETTER_SWEEP_MS = 30_000;

/**
 * The operator console's API under /api/admin/v1 (issue 24). Who may call each route is the
 * access hook's business (access/admin-access.ts, registered in app.ts before the rate limit);
 * every write records its audit row in its own transaction. ADMIN_EMAILS become owners here, at
 * start-up. Returns the context, for the operator socket of the command line.
 */
export async function registerAdmin(app: FastifyInstance, deps: AdminDeps): Promise<AdminContext> {
  const ctx: AdminContext = {
    db: deps.db,
    config: app.config,
    catalog: app.catalog,
    mail: deps.mail,
    dispatcher: deps.dispatcher,
    adminSigner: deps.adminSigner,
    // The same store as every other upload (decision 0060: the database on PostgreSQL).
    uploads: app.uploads.store,
    log: app.log,
    now: () => new Date(),
  };
  const operators = createOperatorsService(ctx);
  if (app.config.adminEmails.length) await operators.syncAdminEmails(app.config.adminEmails);
  const codeRateLimit = { max: app.config.rateLimitAuthMax, timeWindow: '1 minute' };
  const products = createProductsService(ctx);
  const newsletterJob = createNewsletterJob(ctx, deps.mailingList);
  app.decorate('newsletterJob', newsletterJob);
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await newsletterJob.sweep().catch((error: unknown) => app.log.error({ err: error }, 'newsletter: sweep failed'));
    sweeper = setInterval(() => void newsletterJob.sweep().catch((error: unknown) => app.log.error({ err: error }, 'newsletter: sweep failed')), NEWSLETTER_SWEEP_MS);
    sweeper.unref();
  });
  // Before the database closes (hooks run in reverse order): a batch under way finishes first.
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await newsletterJob.idle();
  });

  await app.register(
    async (admin) => {
      await admin.register(mfaRoutes, { mfa: createMfaService(ctx), codeRateLimit });
      await admin.register(operatorsRoutes, { operators });
      await admin.register(auditRoutes, { db: ctx.db });
      await admin.register(productsRoutes, { products });
      await admin.register(productsCsvRoutes, { ctx, products });
      await admin.register(productImagesRoutes, { ctx });
      await admin.register(stockRoutes, { ctx });
      await admin.register(taxonomyRoutes, { ctx });
      await admin.register(couponsRoutes, { ctx });
      await admin.register(reviewsRoutes, { ctx });
      await admin.register(customersRoutes, { ctx, auth: deps.auth });
      await admin.register(newsletterRoutes, { ctx, list: deps.mailingList, job: newsletterJob });
      await admin.register(dashboardRoutes, { ctx });
      await admin.register(ordersRoutes, { ctx });
      await admin.register(orderListRoutes, { ctx });
      await admin.register(fulfilmentRoutes, { ctx });
      await admin.register(orderOperationsRoutes, { ctx, staffRefundLimitMinor: app.config.staffRefundLimitMinor });
    },
    { prefix: '/api/admin/v1' },
  );
  // The command line's door into this process (decision 0029): one per data directory, so not
  // in cluster workers (they need PostgreSQL, which the command line opens itself).
  if (app.config.operatorSocket && !cluster.isWorker) {
    let socket: Server | undefined;
    app.addHook('onListen', async () => {
      socket = await startOperatorSocket(ctx, app.log).catch((error: unknown) => {
        app.log.warn({ err: error }, 'operator socket could not start; npm run cli will open the database itself');
        return undefined;
      });
    });
    app.addHook('onClose', async () => {
      if (!socket) return;
      await new Promise((resolve) => socket!.close(resolve));
      rmSync(socketPathOf(app.config.dataDir), { force: true });
    });
  }
  return ctx;
}
