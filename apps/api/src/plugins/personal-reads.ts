import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodType } from 'zod';
import { encodeBody, sendEncoded, type EncodedBody } from '../lib/encoded-body.ts';

/**
 * The tag of answers that show catalog products (prices, stock). A change of everything forgets
 * them all; a change of some products forgets the answers tagged with those products
 * (`productTag`, from the answer itself) and keeps the rest. Orders change stock twice a second
 * in a busy shop, and a cart answer that forgot everyone's kept carts each time was rarely kept.
 */
export const CATALOG_TAG = 'catalog';
/** The tag of an answer that shows this product. */
export const productTag = (productId: string) => `product:${productId}`;
/**
 * The tag of businesses' member lists: any write to a business, its members or their business
 * footprints forgets them all (such writes are rare; naming the one business a join code or a
 * member id belongs to would cost a query).
 */
export const BUSINESS_MEMBERS_TAG = 'business-members';

/** Answers kept in all; past it the oldest go first. */
const MAX_ENTRIES = 20_000;
/** Bytes kept in all (identity, gzip and brotli forms together); past it the oldest go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Answers kept per person (pages, filters): a person cannot crowd out everyone else. */
const MAX_PER_PERSON = 16;
/** Past this many people with a write counter, the counters start afresh (with a global bump). */
const MAX_COUNTERS = 100_000;

interface Entry {
  userId: string;
  tags: readonly string[];
  body: EncodedBody;
  bytes: number;
  until: number;
}

/**
 * A person's own reads (orders list, wishlist, saved footprints, a business owner's member list)
 * as ready response bytes, for READ_CACHE_MS (decision 0062). Keyed by the signed-in person and the
 * raw URL, so an answer only ever goes back to the person it was computed for, and only for a
 * URL that passed validation and the route's ownership checks when it was computed (a 404 or 403
 * is never stored).
 *
 * Forgetting: every write request of a person (any non-GET route with auth, from its start and
 * again when it has answered) drops that person's answers, so they read their own writes at
 * once in this process; tags drop answers others' writes change (a business's member list when
 * someone joins, wishlists when the catalog changes). A read that began before a drop is not
 * stored (the counter check), so an answer computed from rows read just before a write never
 * outlives it. Another API process's writes are seen when the entry lapses (READ_CACHE_MS).
 */
export class PersonalReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly counters = new Map<string, number>();
  private everything = 0;
  private bytes = 0;

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(userId: string, url: string, now = Date.now()): EncodedBody | undefined {
    const key = `${userId} ${url}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.body;
  }

  /** A token to pass to `put`: the answer is stored only if neither the person nor a tag was forgotten in between. */
  token(userId: string, tags: readonly string[] = []): string {
    let token = `${this.everything}:${this.counters.get(userId) ?? 0}`;
    for (const tag of tags) token += `:${this.counters.get(`#${tag}`) ?? 0}`;
    return token;
  }

  /** `answerTags`: tags known only from the answer (the products it shows), kept with `tags`. */
  async put(userId: string, url: string, json: string, token: string, tags: readonly string[] = [], answerTags: readonly string[] = []): Promise<EncodedBody> {
    const body = await encodeBody(json);
    if (!this.enabled || token !== this.token(userId, tags)) return body;
    const key = `${userId} ${url}`;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const keys = this.keysByUser.get(userId);
    if (keys && keys.size >= MAX_PER_PERSON) {
      const oldest = keys.values().next().value!;
      this.remove(oldest, this.entries.get(oldest)!);
    }
    const bytes = body.identity.length + body.gzip.length + body.br.length;
    if (bytes > MAX_BYTES / 16) return body;
    while (this.entries.size > 0 && (this.entries.size >= MAX_ENTRIES || this.bytes + bytes > MAX_BYTES)) {
      const [oldestKey, oldestEntry] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldestEntry);
    }
    const kept = answerTags.length === 0 ? tags : [...tags, ...answerTags];
    this.entries.set(key, { userId, tags: kept, body, bytes, until: Date.now() + this.ttlMs });
    this.bytes += bytes;
    this.keysByUser.get(userId)?.add(key) ?? this.keysByUser.set(userId, new Set([key]));
    for (const tag of kept) {
      const tagged = this.keysByTag.get(tag);
      if (tagged) tagged.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
    return body;
  }

  /** The person wrote something: their answers go, and reads in flight are not stored. */
  forgetPerson(userId: string): void {
    this.bump(userId);
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key, this.entries.get(key)!);
  }

  /** Someone changed what answers tagged `tag` show (a business's members, the catalog). */
  forgetTag(tag: string): void {
    this.bump(`#${tag}`);
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key, this.entries.get(key)!);
  }

  /**
   * Catalog products changed (null: anything may have). Of the answers tagged `CATALOG_TAG`, those
   * showing one of these products go (all of them for null); reads in flight are not stored,
   * since the products they will show are not known yet.
   */
  forgetProducts(productIds: readonly string[] | null): void {
    if (!productIds) return this.forgetTag(CATALOG_TAG);
    this.bump(`#${CATALOG_TAG}`);
    for (const id of productIds) this.forgetTag(productTag(id));
  }

  forgetAll(): void {
    this.everything += 1;
    this.entries.clear();
    this.keysByUser.clear();
    this.keysByTag.clear();
    this.counters.clear();
    this.bytes = 0;
  }

  /** Entries and bytes held, for tests and the record. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private bump(name: string): void {
    if (this.counters.size >= MAX_COUNTERS) {
      // Starting afresh must not let a read in flight store: the global bump sees to it.
      this.counters.clear();
      this.everything += 1;
    }
    this.counters.set(name, (this.counters.get(name) ?? 0) + 1);
  }

  private remove(key: string, entry: Entry | undefined): void {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
    for (const tag of entry.tags) {
      const tagged = this.keysByTag.get(tag);
      tagged?.delete(key);
      if (tagged?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    personalReads: PersonalReadCache;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with the cache and, on every write route that needs a signed-in person,
 * forgets that person's answers as the handler starts and again once it has answered (a read
 * that ran alongside the write is then neither served nor stored). Register before the routes.
 */
export function registerPersonalReads(app: FastifyInstance, ttlMs: number): PersonalReadCache {
  const cache = new PersonalReadCache(ttlMs);
  app.decorate('personalReads', cache);
  if (!cache.enabled) return cache;
  const forget = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (request.user) cache.forgetPerson(request.user.id);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READ_METHODS.has(method))) return;
    const hooks = (existing: unknown) => (existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]);
    route.preHandler = [forget, ...hooks(route.preHandler)];
    route.onResponse = [...hooks(route.onResponse), forget];
  });
  return cache;
}

/**
 * In the calling plugin's scope: every write request (any method but GET/HEAD/OPTIONS, signed in
 * or not) forgets the answers tagged `tag`, as it starts and again once it has answered.
 */
export function forgetTagOnWrites(app: FastifyInstance, tag: string): void {
  if (!app.personalReads.enabled) return;
  const forget = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (!READ_METHODS.has(request.method)) app.personalReads.forgetTag(tag);
    done();
  };
  app.addHook('preHandler', forget);
  app.addHook('onResponse', forget);
}

/**
 * Route options and an answer function for one cached personal read. Use:
 *
 *     const read = personalRead(app.personalReads, envelopeSchema);
 *     app.get(path, { config: { auth: true }, schema, ...read.options }, (request, reply) =>
 *       read.answer(request, reply, () => load(request.user!.id)));
 *
 * A hit is answered from the route's own onRequest hook (behind the rate limit and the session
 * check) with the stored bytes: no validation, handler or serialiser. A miss shapes the payload
 * with the response schema once, encodes it (gzip, brotli) and keeps it. With the cache off
 * (READ_CACHE_MS=0, the tests' default) the route answers as any other.
 */
export function personalRead<T>(
  cache: PersonalReadCache,
  schema: ZodType<T>,
  options: { tags?: (request: FastifyRequest) => string[]; answerTags?: (payload: T) => string[]; cacheable?: (payload: T) => boolean } = {},
) {
  const answerKnown = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const body = request.user ? cache.get(request.user.id, request.url) : undefined;
    if (body) {
      sendEncoded(request, reply, body, 'private, no-cache');
      return;
    }
    done();
  };
  // Misses of one person and URL in flight together share one read (when nothing was forgotten
  // in between): when an answer lapses, 50 requests at once would otherwise run 50 reads.
  const inFlight = new Map<string, { token: string; done: Promise<{ body: EncodedBody } | { json: string }> }>();
  return {
    options: (cache.enabled ? { compress: false, onRequest: answerKnown } : {}) as Pick<RouteShorthandOptions, 'onRequest'> & { compress?: false },
    /** The handler: `load` reads the answer (with its ownership checks); kept and shared when the cache is on. */
    async answer(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>): Promise<FastifyReply | T> {
      if (!cache.enabled) return load();
      const userId = request.user!.id;
      const tags = options.tags?.(request);
      const token = cache.token(userId, tags);
      const key = `${userId} ${request.url}`;
      let flight = inFlight.get(key);
      if (!flight || flight.token !== token) {
        const done = (async () => {
          const shaped = schema.parse(await load());
          const json = JSON.stringify(shaped);
          // Not kept (e.g. an order awaiting payment, whose status changes with time): sent as it is.
          if (options.cacheable && !options.cacheable(shaped)) return { json };
          return { body: await cache.put(userId, request.url, json, token, tags, options.answerTags?.(shaped)) };
        })();
        const started = { token, done };
        flight = started;
        inFlight.set(key, started);
        done.then(
          () => inFlight.get(key) === started && inFlight.delete(key),
          () => inFlight.get(key) === started && inFlight.delete(key),
        );
      }
      const result = await flight.done;
      if ('json' in result) return reply.header('cache-control', 'private, no-cache').type('application/json; charset=utf-8').send(result.json);
      return sendEncoded(request, reply, result.body, 'private, no-cache');
    },
  };
}
