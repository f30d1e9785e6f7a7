import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import { createUploadStore } from '../uploads/upload-store.ts';
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

export interface AdminDeps {
  db: Database;
  mail: MailRepository;
  dispatcher: MailDispatcher;
  adminSigner: AdminTokenSigner;
}

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
    uploads: createUploadStore(path.join(app.config.dataDir, 'uploads')),
    log: app.log,
    now: () => new Date(),
  };
  const operators = createOperatorsService(ctx);
  if (app.config.adminEmails.length) await operators.syncAdminEmails(app.config.adminEmails);
  const codeRateLimit = { max: app.config.rateLimitAuthMax, timeWindow: '1 minute' };

  await app.register(
    async (admin) => {
      await admin.register(mfaRoutes, { mfa: createMfaService(ctx), codeRateLimit });
      await admin.register(operatorsRoutes, { operators });
      await admin.register(auditRoutes, { db: ctx.db });
      await admin.register(productsRoutes, { products: createProductsService(ctx) });
      await admin.register(productImagesRoutes, { ctx });
      await admin.register(stockRoutes, { ctx });
    },
    { prefix: '/api/admin/v1' },
  );
  return ctx;
}
