import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { CERTIFICATE_SERIAL_ALPHABET, CERTIFICATE_SERIAL_PATTERN } from '@app/contract/orders';
import { businesses, orderItems, products as productsTable } from '../src/db/schema/index.ts';
import { generateSerial } from '../src/modules/certificates/certificate.rules.ts';
import { certificatesRepository } from '../src/modules/certificates/certificates.repository.ts';
import { registerVerified } from './auth-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp, isBackgroundStatement } from './helper.ts';

/** Issuing certificates in the paying transaction: offset lines only, frozen facts, idempotent, constant queries. */
describe('certificate issuance', () => {
  let app: FastifyInstance;
  let buyer: { user: { _id: string } };
  let offsets: Product[];
  let goods: Product;
  const queries: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ logger: { logQuery: (query, params) => void (!isBackgroundStatement(query, params) && queries.push(query)) } });
    buyer = await registerVerified(app, { firstName: 'Ada', lastName: 'Greenwood' });
    const all = app.catalog.snapshot().products;
    offsets = all.filter((product) => product.kind === 'offset');
    goods = all.find((product) => product.kind === 'goods')!;
  });
  afterAll(async () => {
    await app.close();
  });

  /** What the catalog says of a product now, read straight from its tables. */
  async function catalogFacts(productId: string) {
    const result = await app.database.db.execute(sql`
      select p.name, p.slug, p.project_validity_date::text as validity, coalesce(c.entity, p.country_code) as country,
        (select string_agg(s.name, ', ' order by s.name) from product_standards ps join standards s on s.id = ps.standard_id where ps.product_id = p.id) as standard
      from products p left join countries c on c.code = p.country_code where p.id = ${productId}`);
    return (result as unknown as { rows: Array<Record<string, string | null>> }).rows[0]!;
  }

  it('a paid order with an offset line and a goods line gets one certificate, with the tonnes and the facts of that moment', async () => {
    const offset = offsets[0];
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offset.id, quantity: 3 }, { productId: goods.id, quantity: 2 }] });
    await issue(app, orderId);

    const issued = await certificatesOfOrder(app, orderId);
    expect(issued).toHaveLength(1);
    const [certificate] = issued;
    const facts = await catalogFacts(offset.id);
    const [offsetLine] = await app.database.db.select().from(orderItems).where(eq(orderItems.productId, offset.id));
    expect(certificate).toMatchObject({
      orderId,
      orderItemId: offsetLine.id,
      userId: buyer.user._id,
      productId: offset.id,
      projectName: facts.name,
      productSlug: facts.slug,
      standardName: facts.standard,
      country: facts.country,
      projectValidUntil: facts.validity,
      tonnesMilli: 3000,
      beneficiaryType: 'person',
      beneficiaryName: 'Ada Greenwood',
      status: 'valid',
    });
    // The seed's offsets name a standard and a country: the snapshot is not just nulls.
    expect(certificate.standardName).toBeTruthy();
    expect(certificate.country).toBeTruthy();
    expect(certificate.serial).toMatch(CERTIFICATE_SERIAL_PATTERN);
    expect(certificate.serial.slice(4, 8)).toBe(String(new Date().getUTCFullYear()));
  });

  it('is idempotent: issuing again (a replayed webhook) adds nothing and keeps the serial', async () => {
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offsets[1].id, quantity: 1 }] });
    await issue(app, orderId);
    const [first] = await certificatesOfOrder(app, orderId);
    await issue(app, orderId);
    await Promise.all([issue(app, orderId), issue(app, orderId)]);
    const after = await certificatesOfOrder(app, orderId);
    expect(after).toHaveLength(1);
    expect(after[0].serial).toBe(first.serial);
  });

  it('a line added to an order already issued gets its own certificate; the others keep theirs', async () => {
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offsets[0].id, quantity: 1 }] });
    await issue(app, orderId);
    const [before] = await certificatesOfOrder(app, orderId);
    await app.database.db.insert(orderItems).values({ orderId, productId: offsets[1].id, quantity: 2, unitPriceMinor: 500 });
    await issue(app, orderId);
    const after = await certificatesOfOrder(app, orderId);
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.id === before.id)?.serial).toBe(before.serial);
  });

  it('one certificate per offset line, each with its own serial, in a constant number of queries', async () => {
    const lines = offsets.slice(0, 4).map((product, i) => ({ productId: product.id, quantity: i + 1 }));
    const small = await insertOrderWithLines(app, { userId: buyer.user._id, lines: lines.slice(0, 1) });
    const large = await insertOrderWithLines(app, { userId: buyer.user._id, lines });

    const countQueries = async (orderId: string) => {
      queries.length = 0;
      await issue(app, orderId);
      // The statements of the issue itself; on PostgreSQL Drizzle also logs the transaction's begin and commit.
      return queries.filter((query) => !/^\s*(begin|commit|rollback)\b/i.test(query)).length;
    };
    const forOne = await countQueries(small);
    const forFour = await countQueries(large);
    expect(forFour).toBe(forOne);
    // The order, its offset lines (with their snapshot facts), one insert, and the NOTIFY that
    // refreshes the buyer's impact badge when the transaction commits (issue 27.3).
    expect(forOne).toBe(4);

    const issued = await certificatesOfOrder(app, large);
    expect(issued.map((row) => row.tonnesMilli).sort((a, b) => a - b)).toEqual([1000, 2000, 3000, 4000]);
    expect(new Set(issued.map((row) => row.serial)).size).toBe(4);
  });

  it('freezes the facts: renaming the product later leaves the certificate as issued', async () => {
    const product = offsets[2];
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: product.id, quantity: 1 }] });
    await issue(app, orderId);
    const original = (await catalogFacts(product.id)).name;
    await app.database.db.update(productsTable).set({ name: 'Renamed project', projectValidityDate: '2099-01-01' }).where(eq(productsTable.id, product.id));
    try {
      const [certificate] = await certificatesOfOrder(app, orderId);
      expect(certificate.projectName).toBe(original);
      expect(certificate.projectValidUntil).not.toBe('2099-01-01');
    } finally {
      await app.database.db.update(productsTable).set({ name: original! }).where(eq(productsTable.id, product.id));
    }
  });

  it('a goods-only order gets none; a business order names the business beneficiary', async () => {
    const goodsOnly = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: goods.id, quantity: 1 }] });
    await issue(app, goodsOnly);
    expect(await certificatesOfOrder(app, goodsOnly)).toEqual([]);

    const businessId = randomUUID();
    const business = await insertOrderWithLines(app, { userId: buyer.user._id, businessId, lines: [{ productId: offsets[0].id, quantity: 1 }] });
    await issue(app, business);
    const [certificate] = await certificatesOfOrder(app, business);
    const [{ name }] = await app.database.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    expect(certificate).toMatchObject({ beneficiaryType: 'business', beneficiaryName: name });
  });

  it('refuses an order that is not paid, or does not exist, and writes nothing', async () => {
    const pending = await insertOrderWithLines(app, { userId: buyer.user._id, status: 'pending', lines: [{ productId: offsets[0].id, quantity: 1 }] });
    await expect(issue(app, pending)).rejects.toThrow(/not paid/);
    expect(await certificatesOfOrder(app, pending)).toEqual([]);
    await expect(issue(app, randomUUID())).rejects.toThrow(/no order/);
  });

  it('a row whose serial is taken is skipped, not failed, and its line reads as not issued (so it is retried with a new serial)', async () => {
    const first = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offsets[0].id, quantity: 1 }] });
    await issue(app, first);
    const [taken] = await certificatesOfOrder(app, first);
    const second = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offsets[1].id, quantity: 1 }] });
    const [line] = await app.database.db.select().from(orderItems).where(eq(orderItems.orderId, second));
    const { id: _id, issuedAt: _issuedAt, ...copy } = taken;
    const outcome = await app.database.db.transaction(async (tx) => {
      const written = await certificatesRepository.insertNew(tx, [{ ...copy, orderId: second, orderItemId: line.id, productId: line.productId }]);
      return { written, issued: await certificatesRepository.issuedLines(tx, second, [line.id]) };
    });
    expect(outcome).toEqual({ written: [], issued: [] });
    await issue(app, second);
    const [issued] = await certificatesOfOrder(app, second);
    expect(issued.serial).not.toBe(taken.serial);
  });

  it('serials: the pattern, the 32-letter alphabet without 0/O/1/I, and no repeat among many', () => {
    expect(CERTIFICATE_SERIAL_ALPHABET).toHaveLength(32);
    expect(CERTIFICATE_SERIAL_ALPHABET).not.toMatch(/[01OI]/);
    const serials = Array.from({ length: 20_000 }, () => generateSerial(new Date('2031-06-01T00:00:00Z')));
    for (const serial of serials) expect(serial).toMatch(CERTIFICATE_SERIAL_PATTERN);
    expect(serials[0].startsWith('GMC-2031-')).toBe(true);
    expect(new Set(serials).size).toBe(serials.length);
    // Every letter of the alphabet turns up (the draw covers all 32, not a subset).
    expect(new Set(serials.map((serial) => serial.slice('GMC-2031-'.length).replaceAll('-', '')).join(''))).toEqual(new Set(CERTIFICATE_SERIAL_ALPHABET));
  });
});
