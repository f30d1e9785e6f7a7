/**
 * The benchmark's data set: a shop of realistic size, generated deterministically and written in
 * bulk straight into the database (never through the HTTP API), after `buildApp` has migrated
 * and seeded it and before the server listens (bench/server.ts; BENCH_DATASET=0 skips it).
 *
 *   products     520 (on top of the seed's): offset projects and goods, priced in the seven
 *                currencies (seed/prices.ts), stock, the seed's categories, standards, SDGs and
 *                countries; about half the goods with colours and sizes
 *   users        2,000 verified accounts, all with one password (DATASET_PASSWORD)
 *   orders       10,000 paid orders of those users over the two years before DATASET_EPOCH,
 *                1–4 lines each with prices, names and images frozen as the product sells them
 *   businesses   200, each owned by a user, with 2–12 members (the first has exactly 20)
 *   events       1,000 business events (5 per business)
 *   reviews      about one order line in eight reviewed by its buyer (dataset-reviews.ts)
 *
 * Everything comes from one mulberry32 stream with a fixed seed (dataset-generator.ts), and all
 * times from a fixed epoch, so two runs write the same rows (ids included: version-7 ids built
 * from those times and the stream). The one exception is what the product's own seed writes (its
 * ids take the clock).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Currency } from '@app/contract';
import {
  CITIES,
  COLORS,
  CURRENCY_OF,
  DAY,
  FIRST_NAMES,
  generator,
  insertChunks,
  GOODS_TYPES,
  LAST_NAMES,
  MAKERS,
  OFFSET_TYPES,
  PLACES,
  slugify,
} from './dataset-generator.ts';
import { FIRST_BUSINESS_MEMBERS, insertBusinesses } from './dataset-businesses.ts';
import { insertReviews } from './dataset-reviews.ts';
import { priceList } from '../src/db/seed/prices.ts';
import { CATEGORIES, STANDARDS } from '../src/db/seed/taxonomy.ts';
import {
  categories,
  countries,
  orderItems,
  orders,
  productCategories,
  productColors,
  productImages,
  productPrices,
  products,
  productSdgs,
  productSizes,
  productStandards,
  sdgs,
  standards,
  users,
} from '../src/db/schema/index.ts';

export const DATASET_SEED = 0x12c0ffee;
/** "Now" for the data set: orders spread over the two years before it. */
export const DATASET_EPOCH = Date.UTC(2026, 10, 1);
/** Every generated user's password (one argon2id hash, computed once, with the product's parameters). */
export const DATASET_PASSWORD = 'Dataset-user-2026';
const DATASET_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$dy5yq6qgiL4LAnPQM0tirA$ryuSFzO5F9MYOQyV7jUTRsjysmLvNX/CphoiydZ9AFA';

export const DATASET_SIZE = { products: 520, users: 2_000, orders: 10_000, businesses: 200, eventsPerBusiness: 5 } as const;
/** Members of the first business (the one the member-list scenario reads). */

export interface DatasetInfo {
  /** Rows written per table. */
  counts: Record<string, number>;
  milliseconds: number;
  /** The first business, its owner and the number of its active members. */
  business: { id: string; ownerUserId: string; members: number };
  /** Generated users (not business owners), for scenarios that need many distinct accounts. */
  userIds: string[];
  userEmails: string[];
}

/** Writes the data set; answers what it wrote. Call after buildApp (migrated, seeded) and before listen. */
export async function insertDataset(app: FastifyInstance): Promise<DatasetInfo> {
  const started = performance.now();
  const db = app.database.db;
  const g = generator(DATASET_SEED);
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);

  // Reference data the seed wrote: ids by slug/number, country codes, the seed's images per category.
  const categoryIds = new Map((await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [row.slug, row.id]));
  const standardIds = new Map((await db.select({ id: standards.id, slug: standards.slug }).from(standards)).map((row) => [row.slug, row.id]));
  const sdgIds = new Map((await db.select({ id: sdgs.id, number: sdgs.number }).from(sdgs)).map((row) => [row.number, row.id]));
  const countryCodes = new Set((await db.select({ code: countries.code }).from(countries)).map((row) => row.code));
  const seededImages = await db
    .select({ slug: categories.slug, url: productImages.url })
    .from(productImages)
    .innerJoin(productCategories, eq(productCategories.productId, productImages.productId))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productImages.position, 0))
    .orderBy(productImages.productId);
  const imageByCategory = new Map<string, string>();
  for (const row of seededImages) if (!imageByCategory.has(row.slug)) imageByCategory.set(row.slug, row.url);
  for (const { slug } of CATEGORIES) if (!categoryIds.has(slug)) throw new Error(`data set: the seed has no category ${slug}`);
  const projectCountries = ['KE', 'ID', 'BR', 'IN', 'VN', 'PE', 'MX', 'CO', 'UG', 'GH', 'PH', 'MW', 'ZM', 'KH', 'TZ', 'NP', 'US', 'GB', 'DE', 'NO'].filter((code) => countryCodes.has(code));
  const offsetStandards = STANDARDS.slice(0, 6).map((s) => s.slug);
  const goodsStandards = ['fairtrade', 'fsc', 'gots', 'b-corp'];

  // ---- Products -------------------------------------------------------------------------------
  type Sellable = { id: string; name: string; slug: string; kind: 'offset' | 'goods'; unit: string; image: string; prices: Map<Currency, number>; variants: { colorId: string; colorName: string; sizeId: string; sizeName: string }[] };
  const sellable: Sellable[] = [];
  const productRows: (typeof products.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const priceRows: (typeof productPrices.$inferInsert)[] = [];
  const colorRows: (typeof productColors.$inferInsert)[] = [];
  const sizeRows: (typeof productSizes.$inferInsert)[] = [];
  const categoryLinks: (typeof productCategories.$inferInsert)[] = [];
  const standardLinks: (typeof productStandards.$inferInsert)[] = [];
  const sdgLinks: (typeof productSdgs.$inferInsert)[] = [];
  // Listed after the products created before the data set's epoch, three years of catalog growth.
  const productsFrom = DATASET_EPOCH - 3 * 365 * DAY;
  for (let i = 0; i < DATASET_SIZE.products; i += 1) {
    const createdAt = new Date(productsFrom + Math.floor((i / DATASET_SIZE.products) * 3 * 365 * DAY));
    const productId = g.id(createdAt.getTime());
    const offset = i % 5 < 3; // three offsets to two goods, as the seed mixes them
    let name: string;
    let category: string;
    let usd: number;
    let sizes: readonly string[] | null = null;
    let standardsOf: string[];
    let country: string | null;
    if (offset) {
      const type = g.pick(OFFSET_TYPES);
      const place = g.pick(PLACES);
      name = `${place} ${g.pick(type.words)} ${Math.floor(i / 5) + 1}`;
      category = type.category;
      usd = g.int(6, 60) + (g.next() < 0.5 ? 0 : 0.5);
      standardsOf = g.some(offsetStandards, 1, 2);
      country = g.pick(projectCountries);
    } else {
      const type = g.pick(GOODS_TYPES);
      name = `${g.pick(MAKERS)} ${g.pick(type.words)} ${Math.floor(i / 5) + 1}`;
      category = type.category;
      usd = g.int(8, 149) + 0.99;
      sizes = type.sizes && g.next() < 0.8 ? type.sizes : null;
      standardsOf = g.next() < 0.5 ? g.some(goodsStandards, 1, 1) : [];
      country = g.next() < 0.6 ? g.pick(['PT', 'IN', 'GB', 'DE', 'VN', 'TR'].filter((code) => countryCodes.has(code))) : null;
    }
    const slug = `${slugify(name)}-${i + 1}`;
    const kind = offset ? 'offset' : 'goods';
    const unit = offset ? 'tonne CO2e' : 'item';
    // One in six on sale; a "was" price that would round onto the price in some currency is dropped.
    let prices = priceList(usd);
    if (g.next() < 1 / 6) {
      try {
        prices = priceList(usd, Math.round(usd * 1.25) + (offset ? 0 : 0.99));
      } catch {
        // not a discount in every currency: not on sale
      }
    }
    for (const price of prices) priceRows.push({ productId, ...price });
    const image = imageByCategory.get(category) ?? [...imageByCategory.values()][0] ?? '/catalog/products/placeholder.svg';
    const item: Sellable = { id: productId, name, slug, kind, unit, image, prices: new Map(prices.map((p) => [p.currency, p.priceMinor])), variants: [] };
    let stock: number;
    if (sizes) {
      stock = 0;
      g.some(COLORS, 1, 3).forEach((color, colorPosition) => {
        const colorId = g.id(createdAt.getTime());
        colorRows.push({ id: colorId, productId, name: color.name, hex: color.hex, position: colorPosition });
        imageRows.push({ productId, url: image, alt: `${name} in ${color.name.toLowerCase()}`, position: colorPosition });
        sizes.forEach((sizeName, position) => {
          const sizeId = g.id(createdAt.getTime());
          const sizeStock = g.int(0, 60);
          stock += sizeStock;
          sizeRows.push({ id: sizeId, colorId, name: sizeName, stock: sizeStock, position });
          item.variants.push({ colorId, colorName: color.name, sizeId, sizeName });
        });
      });
    } else {
      stock = offset ? g.int(200, 50_000) : g.int(0, 500);
      imageRows.push({ productId, url: image, alt: name, position: 0 });
    }
    productRows.push({
      id: productId,
      slug,
      name,
      kind,
      shortDescription: offset
        ? `Verified emission reductions from ${name.replace(/ \d+$/, '')}. Sold per tonne of CO2e. Retired in your name`
        : `Made to last from low-impact materials. Plastic-free packaging. Shipped carbon neutral`,
      description: offset
        ? `${name} is a ${category.replace(/-/g, ' ')} project that has been audited against its standard's methodology. Every tonne you buy is retired on the registry and a certificate names you as its owner.`
        : `${name} is part of our ${category.replace(/-/g, ' ')} range: chosen for durability, repairability and a supply chain we can trace.`,
      countryCode: country,
      stock,
      unit,
      tags: offset ? [category.replace(/-/g, ' '), 'offset', country ?? 'global'] : [category.replace(/-/g, ' '), 'sustainable', 'goods'],
      projectValidityDate: offset ? `${g.int(2027, 2035)}-12-31` : null,
      featured: false,
      offered: g.next() < 0.03,
      createdAt,
      updatedAt: createdAt,
    });
    categoryLinks.push({ productId, categoryId: categoryIds.get(category)! });
    for (const s of standardsOf) {
      const standardId = standardIds.get(s);
      if (standardId) standardLinks.push({ productId, standardId });
    }
    const goals = new Set<number>(offset ? [13] : [12]);
    for (const goal of g.some([1, 3, 5, 6, 7, 8, 9, 11, 14, 15, 17], 1, 3)) goals.add(goal);
    for (const goal of goals) sdgLinks.push({ productId, sdgId: sdgIds.get(goal)! });
    sellable.push(item);
  }
  await insertChunks(productRows, (chunk) => db.insert(products).values(chunk));
  await insertChunks(imageRows, (chunk) => db.insert(productImages).values(chunk));
  await insertChunks(priceRows, (chunk) => db.insert(productPrices).values(chunk));
  await insertChunks(colorRows, (chunk) => db.insert(productColors).values(chunk));
  await insertChunks(sizeRows, (chunk) => db.insert(productSizes).values(chunk));
  await insertChunks(categoryLinks, (chunk) => db.insert(productCategories).values(chunk));
  await insertChunks(standardLinks, (chunk) => db.insert(productStandards).values(chunk));
  await insertChunks(sdgLinks, (chunk) => db.insert(productSdgs).values(chunk));
  count('products', productRows.length);
  count('product_prices', priceRows.length);
  count('product_sizes', sizeRows.length);
  // The catalog read model holds every product: reload it in full.
  await app.catalog.changed();

  // ---- Users ----------------------------------------------------------------------------------
  const userRows: (typeof users.$inferInsert & { id: string })[] = [];
  for (let i = 0; i < DATASET_SIZE.users; i += 1) {
    const createdAt = new Date(DATASET_EPOCH - 3 * 365 * DAY + Math.floor((i / DATASET_SIZE.users) * 3 * 365 * DAY));
    const firstName = g.pick(FIRST_NAMES);
    const lastName = g.pick(LAST_NAMES);
    const place = g.pick(CITIES);
    userRows.push({
      id: g.id(createdAt.getTime()),
      email: `${firstName}.${lastName}.${i}@dataset.example`.toLowerCase(),
      passwordHash: DATASET_PASSWORD_HASH,
      firstName,
      lastName,
      slug: `${firstName}-${lastName}-${i}`.toLowerCase(),
      emailVerifiedAt: createdAt,
      addressCountry: place.country,
      checkoutDefaultCurrency: CURRENCY_OF[place.country] ?? 'USD',
      currencyStrength: 1,
      billingAddress: { line1: `${g.int(1, 200)} ${g.pick(['High', 'Station', 'Mill', 'Park'])} Street`, city: place.city, postalCode: `${g.int(10000, 99999)}`, country: place.country },
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertChunks(userRows, (chunk) => db.insert(users).values(chunk));
  count('users', userRows.length);

  // ---- Orders ---------------------------------------------------------------------------------
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const ordersFrom = DATASET_EPOCH - 2 * 365 * DAY;
  for (let i = 0; i < DATASET_SIZE.orders; i += 1) {
    // Some people buy often: a squared draw favours the lower user indexes.
    const user = userRows[Math.floor(g.next() ** 2 * userRows.length)]!;
    const createdAt = new Date(ordersFrom + Math.floor((i / DATASET_SIZE.orders) * 2 * 365 * DAY) + g.int(0, 3_600_000));
    const currency = user.checkoutDefaultCurrency as Currency;
    const orderId = g.id(createdAt.getTime());
    let subTotal = 0;
    for (let line = 0, lines = g.int(1, 4); line < lines; line += 1) {
      const product = g.pick(sellable);
      const variant = product.variants.length ? g.pick(product.variants) : null;
      const quantity = product.kind === 'offset' ? g.int(1, 10) : g.int(1, 3);
      const unitPriceMinor = product.prices.get(currency)!;
      subTotal += unitPriceMinor * quantity;
      itemRows.push({
        id: g.id(createdAt.getTime()),
        orderId,
        productId: product.id,
        colorId: variant?.colorId ?? null,
        sizeId: variant?.sizeId ?? null,
        quantity,
        unitPriceMinor,
        productName: product.name,
        productSlug: product.slug,
        productKind: product.kind,
        productUnit: product.unit,
        productImages: [product.image],
        colorName: variant?.colorName ?? null,
        sizeName: variant?.sizeName ?? null,
      });
    }
    const billing = user.billingAddress as { line1: string; city: string; postalCode: string; country: string };
    orderRows.push({
      id: orderId,
      orderNumber: `GM-${createdAt.toISOString().slice(0, 10).replaceAll('-', '')}-${g.code(8)}`,
      userId: user.id,
      status: 'paid',
      kind: 'personal',
      currency,
      subTotalMinor: subTotal,
      discountMinor: 0,
      totalMinor: subTotal,
      firstName: user.firstName,
      lastName: user.lastName,
      buyerEmail: user.email,
      address: { firstName: user.firstName, lastName: user.lastName, ...billing },
      paymentProvider: 'test',
      paymentReference: `test_${orderId.slice(-12)}`,
      paidAt: new Date(createdAt.getTime() + g.int(2_000, 60_000)),
      createdAt,
    });
  }
  await insertChunks(orderRows, (chunk) => db.insert(orders).values(chunk));
  await insertChunks(itemRows, (chunk) => db.insert(orderItems).values(chunk));
  count('orders', orderRows.length);
  count('order_items', itemRows.length);

  // ---- Businesses, members, events (dataset-businesses.ts) ------------------------------------
  const businessRows = await insertBusinesses(db, g, userRows, count, { epoch: DATASET_EPOCH, size: DATASET_SIZE });

  // ---- Reviews (dataset-reviews.ts), last: products' average rating and count come from them ----
  await insertReviews(db, g, orderRows, itemRows, count, DATASET_EPOCH);
  await app.catalog.changed();

  // Fresh statistics after a bulk load, as an operator would run (PostgreSQL's autovacuum would get there).
  await db.execute(sql`analyze`);

  const owners = new Set(businessRows.map((row) => row.ownerUserId));
  const people = userRows.filter((row) => !owners.has(row.id));
  return {
    counts,
    milliseconds: Math.round(performance.now() - started),
    business: { id: businessRows[0]!.id, ownerUserId: businessRows[0]!.ownerUserId, members: FIRST_BUSINESS_MEMBERS },
    userIds: people.map((row) => row.id),
    userEmails: people.map((row) => row.email),
  };
}
