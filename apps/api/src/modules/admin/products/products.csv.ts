import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { CURRENCY_EXPONENT, SUPPORTED_CURRENCIES, type Currency } from '@app/contract';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_ROWS, productCreateBodySchema, productUpdateBodySchema, type AdminProduct, type ProductImportResult } from '@app/contract/admin';
import { AppError } from '../../../lib/app-error.ts';
import { categories, products, standards } from '../../../db/schema/index.ts';
import { stockLedger } from '../../catalog/stock-ledger.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { productReads } from './products.reads.ts';
import type { ProductsService } from './products.service.ts';

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type CsvRow = Partial<Record<Column, string>>;
const LIST = '|';

const money = (minor: number | null | undefined, currency: Currency) => (minor === null || minor === undefined ? '' : (minor / 10 ** CURRENCY_EXPONENT[currency]).toFixed(CURRENCY_EXPONENT[currency]));

/** One CSV row per product; prices in major units; lists joined with "|". */
export function toCsvRow(p: AdminProduct): Record<Column, string> {
  const row: Record<string, string> = {
    id: p._id,
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    status: p.status,
    unit: p.unit,
    shortDescription: p.shortDescription,
    description: p.description,
    country: p.countryCode ?? '',
    featured: String(p.featured),
    offered: String(p.offered),
    tags: p.tags.join(LIST),
    categories: p.categories.map((c) => c.slug).join(LIST),
    standards: p.standards.map((s) => s.slug).join(LIST),
    sdgs: p.sdgs.join(LIST),
    projectValidityDate: p.projectValidityDate ?? '',
    vintage: p.vintage === null ? '' : String(p.vintage),
    registryProjectId: p.registryProjectId ?? '',
    lowStockThreshold: String(p.lowStockThreshold),
    stock: p.colors.length ? '' : String(p.stock),
    images: p.images.map((i) => i.url).join(LIST),
  };
  for (const currency of SUPPORTED_CURRENCIES) {
    const price = p.prices.find((entry) => entry.currency === currency);
    row[`price${currency}`] = money(price?.priceMinor, currency);
    row[`oldPrice${currency}`] = money(price?.oldPriceMinor, currency);
  }
  return row as Record<Column, string>;
}

/** Every product (archived ones too) as CSV, with a header row. Formula-like cells are prefixed with ' so spreadsheets never run them. */
export async function exportProductsCsv(ctx: Pick<AdminContext, 'db'>): Promise<string> {
  const ids = (await ctx.db.select({ id: products.id }).from(products).orderBy(products.slug)).map((r) => r.id);
  const rows = (await productReads.load(ctx.db, ids)).map(toCsvRow);
  return stringify(rows, { header: true, columns: [...PRODUCT_CSV_COLUMNS], cast: { string: (value) => (/^[=+@\t\r]/.test(value) ? `'${value}` : value) } });
}

const split = (value: string | undefined) => (value ?? '').split(LIST).map((v) => v.trim()).filter(Boolean);
const bool = (value: string | undefined) => (value === undefined || value === '' ? undefined : ['true', '1', 'yes'].includes(value.trim().toLowerCase()) ? true : ['false', '0', 'no'].includes(value.trim().toLowerCase()) ? false : value);
function minorOf(value: string | undefined, currency: Currency): number | null | string {
  if (value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return `is not an amount such as 12.50`;
  const exponent = CURRENCY_EXPONENT[currency];
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > exponent) return exponent === 0 ? 'has no decimals in this currency' : `has at most ${exponent} decimals`;
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || 0);
}

/**
 * The import (owners only): every row is checked, all problems are listed, and only a file with
 * none is written — in ONE transaction with an audit row per product, so either every row is
 * applied or none is. `dryRun` (the default) stops before writing and says what would change.
 */
export async function importProductsCsv(ctx: AdminContext, service: ProductsService, actor: Actor, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  let records: CsvRow[];
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, trim: false, bom: true, relax_column_count: false, max_record_size: 200_000 }) as CsvRow[];
  } catch (error) {
    throw new AppError('IMPORT_INVALID', `The file is not valid CSV: ${(error as Error).message.slice(0, 200)}`, { fields: { csv: ['is not valid CSV'] } });
  }
  if (records.length > PRODUCT_IMPORT_MAX_ROWS) throw new AppError('IMPORT_INVALID', `At most ${PRODUCT_IMPORT_MAX_ROWS} rows at once`, { fields: { csv: ['has too many rows'] } });
  const header = Object.keys(records[0] ?? {});
  const unknown = header.filter((column) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column));
  if (records.length === 0 || !header.includes('name')) throw new AppError('IMPORT_INVALID', 'The file needs a header row with at least the name column, and one product per row', { fields: { csv: ['needs a header row and rows'] } });
  if (unknown.length) throw new AppError('IMPORT_INVALID', `Unknown columns: ${unknown.slice(0, 5).join(', ')}`, { fields: { csv: [`unknown columns: ${unknown.slice(0, 5).join(', ')}`] } });

  const [cats, stds, existing] = await Promise.all([
    ctx.db.select({ id: categories.id, slug: categories.slug }).from(categories),
    ctx.db.select({ id: standards.id, slug: standards.slug }).from(standards),
    ctx.db.select({ id: products.id, slug: products.slug }).from(products),
  ]);
  const categoryBySlug = new Map(cats.map((c) => [c.slug, c.id]));
  const standardBySlug = new Map(stds.map((s) => [s.slug, s.id]));
  const productIds = new Set(existing.map((p) => p.id));
  const current = new Map((await productReads.load(ctx.db, records.map((r) => r.id ?? '').filter((id) => productIds.has(id)))).map((p) => [p._id, p]));

  const errors: ProductImportResult['errors'] = [];
  const changes: ProductImportResult['changes'] = [];
  const plans: { row: number; id?: string; body: Record<string, unknown>; stock?: number; archive?: boolean; images?: string[] }[] = [];
  const seenSlugs = new Map<string, number>();

  records.forEach((record, index) => {
    const row = index + 2;
    const fail = (column: string, message: string) => errors.push({ row, column, message });
    const id = record.id?.trim() || undefined;
    const before = id ? current.get(id) : undefined;
    if (id && !before) return fail('id', 'No product has this id (leave it empty to create one)');
    const prices: Record<string, { priceMinor: number | null; oldPriceMinor: number | null }> = {};
    const pricesGiven = SUPPORTED_CURRENCIES.some((c) => record[`price${c}`] !== undefined);
    for (const currency of SUPPORTED_CURRENCIES) {
      const price = minorOf(record[`price${currency}`], currency);
      const old = minorOf(record[`oldPrice${currency}`], currency);
      if (typeof price === 'string') fail(`price${currency}`, price);
      if (typeof old === 'string') fail(`oldPrice${currency}`, old);
      prices[currency] = { priceMinor: typeof price === 'number' ? price : null, oldPriceMinor: typeof old === 'number' ? old : null };
    }
    const categoryIds = split(record.categories).map((slug) => categoryBySlug.get(slug) ?? (fail('categories', `No category has the slug ${slug}`), ''));
    const standardIds = split(record.standards).map((slug) => standardBySlug.get(slug) ?? (fail('standards', `No standard has the slug ${slug}`), ''));
    const candidate: Record<string, unknown> = {
      name: record.name,
      slug: record.slug?.trim() || undefined,
      kind: record.kind?.trim() || before?.kind,
      unit: record.unit?.trim() || undefined,
      shortDescription: record.shortDescription,
      description: record.description,
      countryCode: record.country === undefined ? undefined : record.country.trim() || null,
      featured: bool(record.featured),
      offered: bool(record.offered),
      tags: record.tags === undefined ? undefined : split(record.tags),
      categoryIds: record.categories === undefined ? undefined : categoryIds,
      standardIds: record.standards === undefined ? undefined : standardIds,
      sdgs: record.sdgs === undefined ? undefined : split(record.sdgs).map(Number),
      projectValidityDate: record.projectValidityDate === undefined ? undefined : record.projectValidityDate.trim() || null,
      vintage: record.vintage === undefined ? undefined : record.vintage.trim() ? Number(record.vintage) : null,
      registryProjectId: record.registryProjectId === undefined ? undefined : record.registryProjectId.trim() || null,
      lowStockThreshold: record.lowStockThreshold === undefined || record.lowStockThreshold.trim() === '' ? undefined : Number(record.lowStockThreshold),
      prices: pricesGiven ? prices : undefined,
    };
    for (const key of Object.keys(candidate)) if (candidate[key] === undefined) delete candidate[key];
    const parsed = before ? productUpdateBodySchema.safeParse(candidate) : productCreateBodySchema.safeParse(candidate);
    // One problem per cell: a cell already refused (an unreadable amount) is not refused again by the schema.
    if (!parsed.success) for (const issue of parsed.error.issues) if (!errors.some((e) => e.row === row && e.column === columnOf(issue.path))) fail(columnOf(issue.path), issue.message);
    const stockText = record.stock?.trim();
    const stock = stockText ? Number(stockText) : undefined;
    if (stock !== undefined && (!Number.isInteger(stock) || stock < 0)) fail('stock', 'Stock is a whole number from 0');
    if (stock !== undefined && before?.colors.length) fail('stock', 'This product has colours and sizes: change their stock in the console');
    if (stock !== undefined && before && stock < before.reserved) fail('stock', `Pending orders hold ${before.reserved} units: stock cannot go below that`);
    const status = record.status?.trim();
    if (status && status !== 'active' && status !== 'archived') fail('status', 'status is active or archived');
    const images = record.images === undefined ? undefined : split(record.images);
    if (images && before && images.join(LIST) !== before.images.map((i) => i.url).join(LIST)) fail('images', 'Images are added and removed in the console; leave this column as exported');
    if (images && !before && images.length) fail('images', 'Add images to a new product in the console');
    const slug = (parsed.success ? (parsed.data as { slug?: string }).slug : undefined) ?? before?.slug ?? '';
    if (slug) {
      if (seenSlugs.has(slug)) fail('slug', `Row ${seenSlugs.get(slug)} has the same slug`);
      seenSlugs.set(slug, row);
      const owner = existing.find((p) => p.slug === slug);
      if (owner && owner.id !== id) fail('slug', `Another product has the slug ${slug}`);
    }
    if (!parsed.success) return;
    const fields = before ? Object.keys(candidate).filter((key) => JSON.stringify(candidate[key]) !== JSON.stringify(comparable(before, key))) : Object.keys(candidate);
    const stockChanged = stock !== undefined && stock !== before?.stock;
    const archiveChanged = status !== undefined && status !== '' && status !== (before?.status ?? 'active');
    if (stockChanged) fields.push('stock');
    if (archiveChanged) fields.push('status');
    const action = !before ? 'create' : fields.length ? 'update' : 'unchanged';
    changes.push({ row, action, slug: slug || String(candidate.name ?? ''), fields });
    plans.push({ row, id, body: parsed.data as Record<string, unknown>, stock: stockChanged ? stock : undefined, archive: archiveChanged ? status === 'archived' : undefined });
  });

  const counts = { created: changes.filter((c) => c.action === 'create').length, updated: changes.filter((c) => c.action === 'update').length, unchanged: changes.filter((c) => c.action === 'unchanged').length };
  const result: ProductImportResult = { dryRun, ok: errors.length === 0, rows: records.length, ...counts, errors, changes };
  if (dryRun) return result;
  if (errors.length) {
    throw new AppError('IMPORT_INVALID', `Nothing was imported: ${errors.length} problem${errors.length === 1 ? '' : 's'} in the file`, {
      fields: Object.fromEntries(errors.slice(0, 200).map((e) => [`row ${e.row}.${e.column}`, [e.message]])),
    });
  }
  const touched: string[] = [];
  await inAdminTransaction(ctx, async (tx: Tx) => {
    for (const plan of plans) {
      const change = changes.find((c) => c.row === plan.row)!;
      if (change.action === 'unchanged') continue;
      let id = plan.id;
      if (!id) id = await service.createIn(tx, actor, plan.body as never);
      else if (change.fields.some((f) => f !== 'stock' && f !== 'status')) await service.updateIn(tx, actor, id, plan.body as never);
      if (plan.stock !== undefined) {
        await stockLedger.set(tx, { table: 'product', id }, plan.stock, { reason: 'import', note: `CSV import row ${plan.row}`, actorUserId: actor.userId, actorEmail: actor.email });
        await recordAudit(tx, actor, { action: 'stock.set', entity: 'product', entityId: id, summary: `Stock set to ${plan.stock} by CSV import (row ${plan.row})`, after: { stock: plan.stock, reason: 'import' } });
      }
      if (plan.archive !== undefined) {
        await tx.update(products).set({ archivedAt: plan.archive ? new Date() : null, updatedAt: new Date() }).where(eq(products.id, id));
        await recordAudit(tx, actor, { action: plan.archive ? 'product.archive' : 'product.restore', entity: 'product', entityId: id, summary: `${plan.archive ? 'Archived' : 'Restored'} by CSV import (row ${plan.row})`, after: { status: plan.archive ? 'archived' : 'active' } });
      }
      touched.push(id);
    }
  });
  if (touched.length) await ctx.catalog.changed(touched.length > 200 ? undefined : touched);
  return result;
}

function columnOf(path: PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'prices' && second) return path[2] === 'oldPriceMinor' ? `oldPrice${second}` : `price${second}`;
  if (first === 'categoryIds') return 'categories';
  if (first === 'standardIds') return 'standards';
  if (first === 'countryCode') return 'country';
  return first ?? 'row';
}

/** The value of a product field as the import's candidate writes it, to tell changed columns. */
function comparable(p: AdminProduct, key: string): unknown {
  switch (key) {
    case 'categoryIds':
      return p.categories.map((c) => c._id);
    case 'standardIds':
      return p.standards.map((s) => s._id);
    case 'prices':
      return Object.fromEntries(SUPPORTED_CURRENCIES.map((c) => [c, { priceMinor: p.prices.find((x) => x.currency === c)?.priceMinor ?? null, oldPriceMinor: p.prices.find((x) => x.currency === c)?.oldPriceMinor ?? null }]));
    default:
      return (p as unknown as Record<string, unknown>)[key];
  }
}

