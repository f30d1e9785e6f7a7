import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeModes, type Config } from './config.ts';
import { createSerializerCompiler } from './lib/response-serializer.ts';
import { createValidatorCompiler } from './lib/request-validator.ts';
import { configuredDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { TokenSigner } from './lib/jwt.ts';
import { registerPersonalReads } from './plugins/personal-reads.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { answerClientError, answerRouterError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { lazyRequestLogger } from './lib/request-logger.ts';
import { logTransport } from './lib/log-format.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { registerCatalog } from './modules/catalog/catalog.events.ts';
import { registerCompression } from './plugins/compression.ts';
import { createHmac } from 'node:crypto';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { MailDispatcher } from './modules/mail/mail.dispatcher.ts';
import { mailboxEnabled, mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import type { AuthContext } from './modules/auth/auth.context.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { loadReferenceData } from './modules/reference/reference.service.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createCarbonService } from './modules/carbon/carbon.service.ts';
import { carbonRoutes } from './modules/carbon/carbon.routes.ts';
import { registerCarbonAccounts } from './modules/carbon/register.ts';
import { registerWishlist } from './modules/wishlist/register.ts';
import { registerReviews } from './modules/reviews/register.ts';
import { registerCertificates } from './modules/certificates/register.ts';
import { registerImpact } from './modules/impact/register.ts';
import { registerGifts } from './modules/gifts/register.ts';
import { registerBusiness } from './modules/business/register.ts';
import { registerBusinessCarbon } from './modules/business-carbon/register.ts';
import { registerBusinessReport } from './modules/business-report/register.ts';
import { registerShopPages } from './modules/shop-pages/register.ts';
import { registerChains } from './modules/chains/register.ts';
import { registerEvents } from './modules/events/register.ts';
import { openUploadStore } from './modules/uploads/database-upload-store.ts';
import { createUploads, type Uploads } from './modules/uploads/uploads.service.ts';
import { scheduleUploadSweep } from './modules/uploads/uploads.sweep-job.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { listenForCartChanges } from './modules/cart/cart.store.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { couponRoutes } from './modules/coupons/coupons.routes.ts';
import { mailingListRoutes } from './modules/mailing-list/mailing-list.routes.ts';
import { createMailingListContext } from './modules/mailing-list/mailing-list.service.ts';
import { MetricsCache } from './modules/metrics/metrics.cache.ts';
import { readPlatformMetrics } from './modules/metrics/metrics.repository.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { registerOrders } from './modules/orders/register.ts';
import { createAnnouncer, type Announcer } from './db/announce.ts';
import { registerAccountData } from './modules/account-data/register.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import type { PaymentEventHandler } from './modules/payments/payments.service.ts';
import { createPaymentProvider, registerPayments } from './modules/payments/register.ts';
import { orderPaymentHandler } from './modules/orders/payment-events.ts';
import { registerAdminAccess } from './modules/admin/access/admin-access.ts';
import { createAdminAccessRepository } from './modules/admin/access/admin-access.repository.ts';
import { AdminTokenSigner } from './modules/admin/access/admin-token.ts';
import { registerAdmin } from './modules/admin/register.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Tells this process and the other API processes what a committed write changed (db/announce.ts). */
    announcer: Announcer;
    config: Config;
    mail: MailDispatcher;
    /** The public metrics, cached as ready bytes (metrics.cache.ts). */
    metrics: MetricsCache;
    /** Takes payment for orders: Stripe with STRIPE_SECRET_KEY, else the test provider. */
    paymentProvider: PaymentProvider;
    /** Uploaded images: save within the allowance, release, sweep (modules/uploads). */
    uploads: Uploads;
  }
}

/** How long the public metrics are served from memory before they are computed again. */
const METRICS_TTL_SECONDS = 30;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface BuildAppOptions {
  /** An already opened database (tests); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** A payment provider to use instead of the configured one (tests of pending, unpaid orders). */
  paymentProvider?: PaymentProvider;
  /** Sees every verified payment event instead of the default handler (tests). */
  onPaymentEvent?: PaymentEventHandler;
}

/**
 * Builds the whole product: plugins, modules and the error handler, on a migrated (and, when
 * empty, seeded) database. `server.ts` only listens; tests call this and use `app.inject`.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...logTransport(config.logFormat),
    },
    // Honour a caller's request id when it is safe to log, so traces line up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // A request's child logger is made only when that request logs something (request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Bad URL encoding and over-long path parameters fail before routing: answer them with the envelope too.
    frameworkErrors: answerRouterError,
    // Requests Node cannot even parse (bad request line, huge headers) get the envelope too.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // Outside production every valid body is also parsed by zod (decision 0080), and every answer
  // checked against its zod schema (decision 0079), so the suite checks the compiled code.
  const crossCheck = config.nodeEnv !== 'production';
  app.setValidatorCompiler(createValidatorCompiler({ crossCheck }));
  app.setSerializerCompiler(createSerializerCompiler({ crossCheck }));
  registerErrorHandler(app);

  const database = options.database ?? (await openDatabase({ ...configuredDatabase(config), inMemory: config.inMemoryDatabase }));
  app.decorate('database', database);
  const announcer = createAnnouncer({
    deliverHere: database.deliverHere,
    send: database.sendAnnouncements,
    onError: (error, willRetry) => app.log.warn({ err: error, willRetry }, 'an announcement to the other API processes failed'),
  });
  app.decorate('announcer', announcer);
  // Before the listeners and the database close: what waits goes out first.
  app.addHook('preClose', async () => announcer.flush());
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await database.migrate();
  // Countries and airports are reference data and always seeded; the shop's catalog only when asked.
  await seedIfEmpty(database.db, (message) => app.log.info(message), { catalog: config.seedCatalog });
  // Another host's cart change also drops this process's ready cart answer (registered below).
  const stopCartListener = await listenForCartChanges(database, app.log, (userId) => (userId ? app.personalReads.forgetPerson(userId) : app.personalReads.forgetAll()));
  if (stopCartListener) app.addHook('onClose', stopCartListener);

  const signer = new TokenSigner(config.jwtSecret, config.jwtTtlSeconds);
  const users = createUsersRepository(database.db);

  // Before the rate limit (in registerSecurity): each places its route hook knowing where the
  // auth check is (plugins/rate-limit.ts).
  registerAuth(app, { signer, users, sessionCacheMs: config.sessionCacheMs });
  // A person's own reads kept as ready answers, forgotten by that person's writes (decision 0062).
  registerPersonalReads(app, config.readCacheMs);
  // The operator console's access check goes in the same place, for the same reason (decision 0028).
  const adminSigner = new AdminTokenSigner(config.jwtSecret, config.adminSessionHours * 3600);
  registerAdminAccess(app, { signer, users, adminSigner, repo: createAdminAccessRepository(database.db) });
  // First of the request hooks: it sets the security headers and x-request-id, so every answer,
  // errors from later hooks included, carries them.
  const unroutedRateLimit = await registerSecurity(app, config);
  closeKeptAliveConnectionsOnShutdown(app);
  // Before any route: every route registered after it (the /api plugin and each module's own
  // registration alike) gets on-the-fly compression from 1 KB unless it opts out; answers that
  // arrive already encoded (catalog bodies, web pages and assets) pass through untouched.
  await registerCompression(app);
  await registerDocs(app);
  const authRepository = createAuthRepository(database.db);

  const mailRepository = createMailRepository(database.db);
  const dispatcher = new MailDispatcher(mailRepository, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mail', dispatcher);
  app.addHook('onReady', async () => dispatcher.start());
  // Registered after the database hook, so it runs first: pending mail is delivered before the database closes.
  app.addHook('onClose', async () => dispatcher.stop());

  const authContext: AuthContext = {
    db: database.db,
    repo: authRepository,
    mail: mailRepository,
    dispatcher,
    signer,
    codeSecret: createHmac('sha256', config.jwtSecret).update('one-time-codes').digest('hex'),
    publicUrl: config.publicUrl,
    jwtTtlSeconds: config.jwtTtlSeconds,
    trustProxy: config.trustProxy,
    log: app.log,
    now: () => new Date(),
  };

  const mailingList = createMailingListContext(database.db, dispatcher, config);
  app.decorate('metrics', new MetricsCache(() => readPlatformMetrics(database.db), METRICS_TTL_SECONDS * 1000));

  const catalogModel = await registerCatalog(app, database, { stockLagMs: config.catalogStockLagMs });
  // Kept answers that show catalog products (wishlists, carts: prices, stock, products gone) are
  // forgotten by a change of a product they show, all of them by a change of everything (decision 0062).
  app.catalog.onChange((productIds) => app.personalReads.forgetProducts(productIds));
  const modes = describeModes(config);
  const reference = await loadReferenceData(createReferenceRepository(database.db));
  if (mailboxEnabled(config)) {
    await app.register(mailboxRoutes, { mail: mailRepository });
    app.addHook('onReady', async () => app.log.info(`mail: development mailbox at ${config.publicUrl}/dev/mailbox and /api/dev/outbox, readable only from this machine (loopback)`));
  }
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping, kind: database.kind, modes });
      await api.register(catalogRoutes, { model: catalogModel });
      await api.register(authRoutes, { ctx: authContext, config });
      await api.register(accountRoutes, { ctx: authContext, config });
      await api.register(referenceRoutes, { reference });
      await api.register(carbonRoutes, { carbon: createCarbonService(reference) });
      const carts = createCartService({ db: database.db, catalog: app.catalog, cacheMs: config.cartCacheMs, announcer });
      await api.register(cartRoutes, { carts, authRepository });
      await api.register(couponRoutes, { coupons: createCouponsService(database.db), carts });
      await api.register(mailingListRoutes, { ctx: mailingList, config });
      await api.register(metricsRoutes, { cache: app.metrics, ttlSeconds: METRICS_TTL_SECONDS });
    },
    { prefix: '/api' },
  );
  // One upload module for every feature that stores images (issue 23 item 7: owner, allowance, release, sweep).
  const uploads = createUploads({ db: database.db, store: openUploadStore({ storage: config.uploadStorage, databaseKind: database.kind, db: database.db, dataDir: config.dataDir }), quotaBytes: config.uploadQuotaBytes, log: app.log });
  app.decorate('uploads', uploads);
  scheduleUploadSweep(app, uploads);
  await registerCarbonAccounts(app, { db: database.db, reference, uploads });
  await registerWishlist(app, { db: database.db });
  await registerReviews(app, { db: database.db });
  await registerBusiness(app, { db: database.db, uploads });
  await registerBusinessCarbon(app, { db: database.db, reference, uploads });
  await registerBusinessReport(app, { db: database.db, reference });
  await registerShopPages(app, { db: database.db, uploads });
  await registerChains(app, { db: database.db, mail: mailRepository, dispatcher, publicUrl: config.publicUrl });
  await registerEvents(app, { db: database.db, reference, uploads, mail: mailRepository, dispatcher, publicUrl: config.publicUrl });
  // The test provider unless STRIPE_SECRET_KEY is set (tests may pass their own).
  app.decorate('paymentProvider', options.paymentProvider ?? createPaymentProvider(config, app.log));
  await registerOrders(app, { db: database.db, provider: app.paymentProvider, mail: mailRepository, dispatcher });
  await registerCertificates(app, { db: database.db, publicUrl: config.publicUrl });
  await registerAccountData(app, { db: database.db });
  await registerImpact(app, database);
  await registerGifts(app, { db: database.db });
  await registerPayments(app, { db: database.db, provider: app.paymentProvider, onPaymentEvent: options.onPaymentEvent ?? orderPaymentHandler(app) });
  await registerAdmin(app, { db: database.db, mail: mailRepository, dispatcher, adminSigner, auth: authContext, mailingList });

  // Public pages are rendered from the same read model the catalog API serves.
  await registerWeb(app, { webDistDir: config.webDistDir, catalog: app.catalog, countries: reference.countries.countries, rateLimit: unroutedRateLimit });
  return app;
}

/**
 * Once closing starts, every answer still being written says `Connection: close`, so its
 * keep-alive socket ends with it. Without this, a connection busy when SIGTERM arrived stayed
 * open after its answer and held `close()` until the forced exit (seen: 10 s, exit code 1).
 */
function closeKeptAliveConnectionsOnShutdown(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every answer, and a promise per answer shows
  // in the catalog's small reads.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
