import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SUPPORTED_CURRENCIES } from '@app/contract';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import {
  airports,
  countries,
  productColors,
  productImages,
  productPrices,
  products,
  productSizes,
  sdgs,
  standards,
} from '../schema/index.ts';
import { seedIfEmpty } from './seed.ts';

const webPublic = path.resolve(import.meta.dirname, '../../../../web/public');
const dataDir = path.resolve(import.meta.dirname, '../../../data');

let handle: DatabaseHandle;
let firstRun: Awaited<ReturnType<typeof seedIfEmpty>>;

async function tableCounts() {
  const db = handle.db;
  const [[p], [c], [a], [pr], [img]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(countries),
    db.select({ n: count() }).from(airports),
    db.select({ n: count() }).from(productPrices),
    db.select({ n: count() }).from(productImages),
  ]);
  return { products: p.n, countries: c.n, airports: a.n, prices: pr.n, images: img.n };
}

beforeAll(async () => {
  handle = await openDatabase({ inMemory: true });
  await handle.migrate();
  firstRun = await seedIfEmpty(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe('seedIfEmpty on an empty database', () => {
  it('seeds every part', () => {
    expect(firstRun).toEqual({ catalog: true, countries: true, airports: true, coupons: true });
  });

  it('creates a catalog of at least 40 offsets and goods', async () => {
    const rows = await handle.db.select({ kind: products.kind, unit: products.unit }).from(products);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.filter((row) => row.kind === 'offset').length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((row) => row.kind === 'goods').length).toBeGreaterThanOrEqual(16);
    for (const row of rows) expect(row.unit).toBe(row.kind === 'offset' ? 'tonne CO2e' : 'item');
  });

  it('prices every product in exactly the seven currencies, with real discounts', async () => {
    const [productRows, priceRows] = await Promise.all([
      handle.db.select({ id: products.id }).from(products),
      handle.db.select().from(productPrices),
    ]);
    for (const { id } of productRows) {
      const prices = priceRows.filter((row) => row.productId === id);
      expect(prices.map((row) => row.currency).sort()).toEqual([...SUPPORTED_CURRENCIES].sort());
      for (const price of prices) {
        expect(Number.isInteger(price.priceMinor)).toBe(true);
        expect(price.priceMinor).toBeGreaterThan(0);
        if (price.oldPriceMinor !== null) expect(price.oldPriceMinor).toBeGreaterThan(price.priceMinor);
      }
      // A sale is a sale in every currency, never in just some of them.
      const onSale = prices.filter((row) => row.oldPriceMinor !== null).length;
      expect([0, SUPPORTED_CURRENCIES.length]).toContain(onSale);
    }
    const saleProducts = new Set(priceRows.filter((row) => row.oldPriceMinor !== null).map((row) => row.productId));
    expect(saleProducts.size).toBeGreaterThanOrEqual(6);
  });

  it('has at least 4 products a shopper cannot buy, counting sizes for products with variations', async () => {
    const productRows = await handle.db.select({ id: products.id, stock: products.stock }).from(products);
    const sizeRows = await handle.db
      .select({ productId: productColors.productId, stock: productSizes.stock })
      .from(productSizes)
      .innerJoin(productColors, eq(productSizes.colorId, productColors.id));
    const outOfStock = productRows.filter(({ id, stock }) => {
      const sizes = sizeRows.filter((row) => row.productId === id);
      return sizes.length > 0 ? sizes.every((size) => size.stock <= 0) : stock <= 0;
    });
    expect(outOfStock.length).toBeGreaterThanOrEqual(4);
    expect(outOfStock.length).toBeLessThan(productRows.length / 4);
  });

  it('has offsets with a country from the dataset, a validity date and stock in tonnes', async () => {
    const offsets = await handle.db.select().from(products).where(eq(products.kind, 'offset'));
    const codes = new Set((await handle.db.select({ code: countries.code }).from(countries)).map((row) => row.code));
    for (const offset of offsets) {
      expect(codes.has(offset.countryCode ?? '')).toBe(true);
      expect(offset.projectValidityDate).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(offset.stock).toBeGreaterThanOrEqual(0);
    }
  });

  it('has short descriptions that split cleanly into bullets on full stops', async () => {
    const rows = await handle.db.select({ slug: products.slug, shortDescription: products.shortDescription }).from(products);
    for (const { slug, shortDescription } of rows) {
      const parts = shortDescription.split('.');
      if (parts.at(-1)?.trim() === '') parts.pop();
      expect(parts.length, slug).toBeGreaterThanOrEqual(2);
      expect(parts.length, slug).toBeLessThanOrEqual(4);
      // An empty or one-word bullet means a stray dot: "e.g.", "approx." or a decimal number.
      for (const part of parts) expect(part.trim().split(/\s+/).length, `${slug}: "${part}"`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has the 17 SDGs numbered 1 to 17 and the named standards', async () => {
    const goals = await handle.db.select().from(sdgs);
    expect(goals.map((goal) => goal.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(goals.find((goal) => goal.number === 13)?.color).toBe('#3F7E44');
    const names = (await handle.db.select({ name: standards.name }).from(standards)).map((row) => row.name);
    for (const name of ['Verified Carbon Standard (Verra)', 'Gold Standard', 'Plan Vivo', 'Puro.earth', 'American Carbon Registry', 'Climate Action Reserve', 'Fairtrade']) {
      expect(names).toContain(name);
    }
  });

  it('stores only image URLs whose files exist under apps/web/public', async () => {
    const urls = [
      ...(await handle.db.select({ url: productImages.url }).from(productImages)).map((row) => row.url),
      ...(await handle.db.select({ url: sdgs.image }).from(sdgs)).map((row) => row.url),
      ...(await handle.db.select({ url: standards.logo }).from(standards)).map((row) => row.url),
    ];
    expect(urls.length).toBeGreaterThan(40 + 17);
    const missing = urls.filter((url) => !url.startsWith('/catalog/') || !existsSync(path.join(webPublic, url)));
    expect(missing).toEqual([]);
  });

  it('gives every product at least one image, goods one per colour', async () => {
    const productRows = await handle.db.select({ id: products.id }).from(products);
    const imageRows = await handle.db.select({ productId: productImages.productId, alt: productImages.alt }).from(productImages);
    const colorRows = await handle.db.select({ productId: productColors.productId }).from(productColors);
    for (const { id } of productRows) {
      const images = imageRows.filter((row) => row.productId === id);
      expect(images.length).toBe(Math.max(1, colorRows.filter((row) => row.productId === id).length));
      for (const image of images) expect(image.alt.length).toBeGreaterThan(5);
    }
  });

  it('seeds the countries with an alpha-2 code and a per-capita value, and not World', async () => {
    const dataset = JSON.parse(readFileSync(path.join(dataDir, 'countries-carbon.json'), 'utf8')) as {
      entity: string;
      countryCode: string | null;
      carbonCountryPerCapita: number | null;
    }[];
    const expected = dataset.filter((row) => /^[A-Z]{2}$/.test(row.countryCode ?? '') && (row.carbonCountryPerCapita ?? 0) > 0);
    const rows = await handle.db.select().from(countries);
    expect(rows.length).toBe(expected.length);
    expect(rows.some((row) => row.entity === 'World')).toBe(false);
    const uk = rows.find((row) => row.code === 'GB');
    expect(uk).toMatchObject({ entity: 'United Kingdom', currencyCode: 'GBP' });
    expect(uk?.carbonCountryPerCapita).toBeCloseTo(4.526, 3);
  });

  it('seeds the airports, with Heathrow where it belongs', async () => {
    const [{ n }] = await handle.db.select({ n: count() }).from(airports);
    expect(n).toBeGreaterThan(4000);
    const [lhr] = await handle.db.select().from(airports).where(eq(airports.iata, 'LHR'));
    expect(lhr.countryCode).toBe('GB');
    expect(lhr.latitude).toBeCloseTo(51.47, 2);
    expect(lhr.longitude).toBeCloseTo(-0.46, 2);
  });
});

describe('seedIfEmpty on a seeded database', () => {
  it('seeds nothing again and leaves every count unchanged', async () => {
    const before = await tableCounts();
    const secondRun = await seedIfEmpty(handle.db);
    expect(secondRun).toEqual({ catalog: false, countries: false, airports: false, coupons: false });
    expect(await tableCounts()).toEqual(before);
  });
});
