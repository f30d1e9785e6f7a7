import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

/**
 * Configuration, parsed once from the environment. Nothing else in the API reads process.env.
 * Unset variables mean the embedded defaults: PGlite in DATA_DIR, the mail outbox, the test
 * payment provider and a JWT secret generated once and kept in DATA_DIR.
 */
const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** A whole number from the environment, with a message a person understands. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /**
   * Connections each API process keeps to PostgreSQL (at most; ignored with PGlite). With
   * WEB_CONCURRENCY processes that is N × this, which must stay under the server's
   * max_connections. On the 2-core bench host 4 and 10 measured the same within noise
   * (docs/speed-writes.md), so the default stays 10.
   */
  DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
  // Decision 0063: the embedded PGlite in a worker thread (1, the default) or on the API's thread (0).
  // Read where the database opens (db/client.ts), so scripts and the command line follow it too.
  PGLITE_WORKER: z.enum(['0', '1'], { message: 'must be 1 (PGlite in a worker thread) or 0' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  JWT_TTL_SECONDS: wholeNumber(60, 60 * 60 * 24 * 90).default(60 * 60 * 24 * 7),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Carbonwise <no-reply@carbonwise.local>'),
  STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL such as http://127.0.0.1:12111' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per event; json: pino's JSON lines. Unset: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  CORS_ORIGIN: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: wholeNumber(1024, 50 * 1024 * 1024).default(1024 * 1024),
  RATE_LIMIT_MAX: wholeNumber(1, 10_000_000).default(600),
  RATE_LIMIT_AUTH_MAX: wholeNumber(1, 10_000_000).default(10),
  SEED_CATALOG: bool.default(true),
  /**
   * How long an unpaid order holds its stock before it expires (decision 0013). Longer than a
   * Stripe Checkout session lasts (36 minutes from placement), so nobody pays for released stock.
   */
  ORDER_RESERVATION_MINUTES: wholeNumber(1, 24 * 60).default(40),
  /**
   * How long a checked session (token and account) is kept in memory (decision 0053): a session
   * signed out or an account changed in another API process stops working within this. Default
   * 3000; 0 in tests.
   */
  SESSION_CACHE_MS: wholeNumber(0, 10_000).optional(),
  /**
   * How long the catalog may show stock from before the latest orders (issue 28): stock changes
   * are gathered and the read model refreshes once per this many milliseconds, after the answers,
   * instead of once per order. At most 1000; default 500; 0 (tests) refreshes before answering.
   */
  CATALOG_STOCK_LAG_MS: wholeNumber(0, 1000).optional(),
  /**
   * Where uploaded images are kept: `database` (a bytea table: every API host on one PostgreSQL
   * sees them) or `directory` (DATA_DIR/uploads). Default: database on PostgreSQL, else directory.
   */
  UPLOAD_STORAGE: z.enum(['database', 'directory'], { error: 'must be database or directory' }).optional(),
  /** How long the cart read serves a person's cached cart (decision 0059); 0 reads it every time. */
  CART_CACHE_MS: wholeNumber(0, 60_000).optional(),
  /**
   * How long a person's own reads (orders list, wishlist, saved footprints, a business's member
   * list) are kept as ready answers (decision 0062): a change made through another API process
   * shows within this. Default 3000; 0 (off) in tests.
   */
  READ_CACHE_MS: wholeNumber(0, 10_000).optional(),
  /** Orders one client may place a minute. */
  ORDER_RATE_LIMIT_MAX: wholeNumber(1, 10_000_000).default(20),
  /** Unpaid orders one account may have open at once (decision 0025): a handful, never more than 10. */
  ORDER_MAX_UNPAID_PER_ACCOUNT: wholeNumber(1, 10).default(5),
  /** Unpaid orders open at once from one client address (an IPv6 /56), whatever the accounts. */
  ORDER_MAX_UNPAID_PER_ADDRESS: wholeNumber(1, 100_000).default(25),
  /** Units of one product one account may hold in unpaid orders. */
  ORDER_MAX_UNPAID_UNITS_PER_PRODUCT: wholeNumber(1, 10_000).default(50),
  /** What one account may keep in uploaded images, in MB (issue 23 item 7); over it an upload is refused with 413. */
  UPLOAD_QUOTA_MB: wholeNumber(1, 100_000).default(50),
  /** API processes `npm start` runs on one port (node:cluster); above 1 needs PostgreSQL. */
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  /** Comma-separated emails that are owners of the shop (issue 24): at start-up, or when the address verifies. */
  ADMIN_EMAILS: z
    .string()
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email({ error: 'must be email addresses separated by commas' })))
    .optional(),
  /** How long a console session lasts after the second factor (decision 0028): at most 12 hours. */
  ADMIN_SESSION_HOURS: wholeNumber(1, 12).default(12),
  /** false: no operator socket (DATA_DIR/operator.sock) for the command line (decision 0029). */
  OPERATOR_SOCKET: bool.default(true),
  /** Staff may refund an order up to this much in all, in minor units of its currency (owners any amount; decision 0042). */
  STAFF_REFUND_LIMIT_MINOR: wholeNumber(0, 1_000_000_000).default(10_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /** Decision 0053: how long a checked session is kept in memory. */
  sessionCacheMs: number;
  /** Issue 28: stock changes reach the catalog read model at most this late, coalesced (0: at once). */
  catalogStockLagMs: number;
  /** Decision 0060: where uploaded images are kept; unset: the database on PostgreSQL, else the directory. */
  uploadStorage?: 'database' | 'directory';
  cartCacheMs: number;
  /** Decision 0062: how long a person's own reads are kept as ready answers (0: not kept). */
  readCacheMs: number;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** true: an in-memory PGlite (tests). */
  inMemoryDatabase: boolean;
  jwtSecret: string;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Where the Stripe SDK sends its calls instead of api.stripe.com (a local fake in tests). */
  stripeApiBase?: string;
  logLevel: string;
  /** How log lines are written: readable for a person at a terminal, JSON for log collectors. */
  logFormat: 'pretty' | 'json';
  corsOrigin?: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimitMax: number;
  rateLimitAuthMax: number;
  seedCatalog: boolean;
  webDistDir: string;
  /** Milliseconds an unpaid order keeps its reservation (tests set a few hundred). */
  orderReservationMs: number;
  /** How often the sweeper expires lapsed orders. */
  orderSweepIntervalMs: number;
  orderRateLimitMax: number;
  /** Caps on what unpaid orders may hold (decision 0025). */
  orderMaxUnpaidPerAccount: number;
  orderMaxUnpaidPerAddress: number;
  orderMaxUnpaidUnitsPerProduct: number;
  /** Bytes of uploaded images one account may keep. */
  uploadQuotaBytes: number;
  /** API processes on one port (WEB_CONCURRENCY); 1 runs the server in this process. */
  webConcurrency: number;
  /** ADMIN_EMAILS: owners of the shop, lowercased. */
  adminEmails: string[];
  adminSessionHours: number;
  staffRefundLimitMinor: number;
  /** Serve the command line on DATA_DIR/operator.sock while running (decision 0029). */
  operatorSocket: boolean;
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Without the webhook secret no Stripe payment could ever be confirmed: orders would stay unpaid.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: must be set with STRIPE_SECRET_KEY (orders are marked paid only from verified webhooks)');
  }
  // PGlite keeps its files open in one process; several processes need a database server.
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  WEB_CONCURRENCY: above 1 needs DATABASE_URL (PostgreSQL): the embedded database is opened by one process only');
  }
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const inMemoryDatabase = overrides.inMemoryDatabase ?? false;
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    inMemoryDatabase,
    jwtSecret: e.JWT_SECRET ?? (inMemoryDatabase ? randomBytes(32).toString('hex') : readOrCreateSecret(dataDir)),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    logLevel: e.LOG_LEVEL,
    // A person watching a terminal reads lines; a file, pipe or log collector gets JSON.
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV !== 'test' && process.stdout.isTTY === true ? 'pretty' : 'json'),
    corsOrigin: e.CORS_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAuthMax: e.RATE_LIMIT_AUTH_MAX,
    seedCatalog: e.SEED_CATALOG,
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    orderReservationMs: e.ORDER_RESERVATION_MINUTES * 60_000,
    // A lapsed order waits at most a minute (or a tenth of the reservation) to give its units back.
    orderSweepIntervalMs: Math.min(60_000, (e.ORDER_RESERVATION_MINUTES * 60_000) / 10),
    orderRateLimitMax: e.ORDER_RATE_LIMIT_MAX,
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3000),
    catalogStockLagMs: e.CATALOG_STOCK_LAG_MS ?? (e.NODE_ENV === 'test' ? 0 : 500),
    uploadStorage: e.UPLOAD_STORAGE,
    cartCacheMs: e.CART_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3000),
    readCacheMs: e.READ_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3000),
    orderMaxUnpaidPerAccount: e.ORDER_MAX_UNPAID_PER_ACCOUNT,
    orderMaxUnpaidPerAddress: e.ORDER_MAX_UNPAID_PER_ADDRESS,
    orderMaxUnpaidUnitsPerProduct: e.ORDER_MAX_UNPAID_UNITS_PER_PRODUCT,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    webConcurrency: e.WEB_CONCURRENCY,
    adminEmails: e.ADMIN_EMAILS ?? [],
    adminSessionHours: e.ADMIN_SESSION_HOURS,
    staffRefundLimitMinor: e.STAFF_REFUND_LIMIT_MINOR,
    operatorSocket: e.OPERATOR_SOCKET,
    ...overrides,
  };
  return config;
}

/** The JWT secret is generated once per data directory so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function describeModes(config: Config) {
  return {
    database: config.databaseUrl ? 'postgresql' : config.inMemoryDatabase ? 'pglite (in memory)' : `pglite (${path.join(config.dataDir, 'pg')})`,
    mail: config.smtpUrl
      ? 'smtp'
      : config.nodeEnv === 'production'
        ? 'outbox (no SMTP_URL; the development mailbox is off in production)'
        : 'outbox (read it at /dev/mailbox from this machine only)',
    payments: config.stripeSecretKey ? 'stripe' : 'test provider (no real charges)',
  };
}
