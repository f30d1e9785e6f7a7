import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '@app/contract';
import type { AdminProduct, productCreateBodySchema, productUpdateBodySchema } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { categories, productImages, products, sdgs, standards, tags as tagsTable } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { stockLedger } from '../../catalog/stock-ledger.ts';
import { deleteUnorderedProduct } from '../../catalog/delete-product.ts';
import { inAdminTransaction, isUniqueViolation, type AdminContext } from '../admin.context.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.ts';
import { productReads, toSummary, type ProductListQuery } from './products.reads.ts';
import { productWrites } from './products.writes.ts';

type CreateBody = z.infer<typeof productCreateBodySchema>;
type UpdateBody = z.infer<typeof productUpdateBodySchema>;

/** The fields an audit row compares (what an editor changes; stock has its own ledger). */
function auditable(product: AdminProduct): Record<string, unknown> {
  const { stock: _s, reserved: _r, available: _a, lowStock: _l, updatedAt: _u, averageRating: _ar, reviewCount: _rc, everOrdered: _e, images, colors, categories: cats, standards: stds, ...rest } = product;
  return {
    ...rest,
    categories: cats.map((c) => c.slug),
    standards: stds.map((s) => s.slug),
    images: images.map((image) => image.url),
    colors: colors.map((color) => ({ name: color.name, hex: color.hex, image: color.image, sizes: color.sizes.map((size) => size.name) })),
  };
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150);
  return base || 'product';
}

const slugTaken = (slug: string) => new AppError('SLUG_TAKEN', `Another product has the address name ${slug}: choose another`, { fields: { slug: ['is used by another product'] } });

/**
 * Product rules for the console. Every write is one transaction with its audit row, then tells
 * the catalog read model (and through it the server-rendered pages and every other API process).
 */
export function createProductsService(ctx: AdminContext) {
  async function load(db: AdminContext['db'] | Tx, id: string): Promise<AdminProduct> {
    const [product] = await productReads.load(db, [id]);
    if (!product) throw notFound('That product');
    return product;
  }

  /** A write, its audit row, then the catalog's reload. Unique slugs are answered as SLUG_TAKEN. */
  async function write<T>(productIds: (result: T) => string[], work: (tx: Tx) => Promise<T>, slug?: string): Promise<T> {
    let result: T;
    try {
      result = await inAdminTransaction(ctx, work);
    } catch (error) {
      if (isUniqueViolation(error, 'products_slug_unique')) throw slugTaken(slug ?? '');
      throw error;
    }
    await ctx.catalog.changed(productIds(result));
    return result;
  }

  /** Inside the caller's transaction (the CSV import runs many in one). */
  async function createIn(tx: Tx, actor: Actor, body: CreateBody): Promise<string> {
    const slug = body.slug ?? slugify(body.name);
    await productWrites.checkReferences(tx, body);
    const [row] = await tx
      .insert(products)
      .values({
        slug,
        name: body.name,
        kind: body.kind,
        shortDescription: body.shortDescription,
        description: body.description,
        unit: body.unit ?? (body.kind === 'offset' ? 'tonne CO2e' : 'item'),
        countryCode: body.countryCode,
        featured: body.featured,
        offered: body.offered,
        tags: [...new Set(body.tags)],
        projectValidityDate: body.projectValidityDate,
        vintage: body.vintage,
        registryProjectId: body.registryProjectId || null,
        lowStockThreshold: body.lowStockThreshold,
        stock: 0,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    await productWrites.setPrices(tx, productId, body.prices);
    await productWrites.setCategories(tx, productId, body.categoryIds);
    await productWrites.setStandards(tx, productId, body.standardIds);
    await productWrites.setSdgs(tx, productId, body.sdgs);
    if (body.colors.length) await productWrites.setColors(tx, productId, body.colors, [], actor, 0);
    else if (body.stock > 0) await stockLedger.set(tx, { table: 'product', id: productId }, body.stock, { reason: 'initial', actorUserId: actor.userId, actorEmail: actor.email });
    const created = await load(tx, productId);
    await recordAudit(tx, actor, { action: 'product.create', entity: 'product', entityId: productId, summary: `Created product ${body.name}`, after: auditable(created) });
    return productId;
  }

  async function updateIn(tx: Tx, actor: Actor, id: string, body: UpdateBody): Promise<void> {
    const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw notFound('That product');
    const before = await load(tx, id);
    await productWrites.checkReferences(tx, body);
    const columns = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.slug !== undefined && { slug: body.slug }),
      ...(body.kind !== undefined && { kind: body.kind }),
      ...(body.shortDescription !== undefined && { shortDescription: body.shortDescription }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.unit !== undefined && { unit: body.unit }),
      ...(body.countryCode !== undefined && { countryCode: body.countryCode }),
      ...(body.featured !== undefined && { featured: body.featured }),
      ...(body.offered !== undefined && { offered: body.offered }),
      ...(body.tags !== undefined && { tags: [...new Set(body.tags)] }),
      ...(body.projectValidityDate !== undefined && { projectValidityDate: body.projectValidityDate }),
      ...(body.vintage !== undefined && { vintage: body.vintage }),
      ...(body.registryProjectId !== undefined && { registryProjectId: body.registryProjectId || null }),
      ...(body.lowStockThreshold !== undefined && { lowStockThreshold: body.lowStockThreshold }),
    };
    await tx.update(products).set({ ...columns, updatedAt: ctx.now() }).where(eq(products.id, id));
    if (body.prices) await productWrites.setPrices(tx, id, body.prices);
    if (body.categoryIds) await productWrites.setCategories(tx, id, body.categoryIds);
    if (body.standardIds) await productWrites.setStandards(tx, id, body.standardIds);
    if (body.sdgs) await productWrites.setSdgs(tx, id, body.sdgs);
    if (body.colors) await productWrites.setColors(tx, id, body.colors, before.images.map((image) => image.url), actor, before.colors.length ? 0 : before.reserved);
    const after = await load(tx, id);
    const diff = changedFields(auditable(before), auditable(after));
    await recordAudit(tx, actor, { action: 'product.update', entity: 'product', entityId: id, summary: `Edited product ${after.name}: ${Object.keys(diff.after).join(', ') || 'nothing changed'}`, ...diff });
  }

  return {
    createIn,
    updateIn,
    load: (id: string) => load(ctx.db, id),

    async list(query: ProductListQuery) {
      const { ids, total } = await productReads.page(ctx.db, query);
      return { data: (await productReads.load(ctx.db, ids)).map(toSummary), total };
    },

    async references() {
      const [cats, tagRows, stds, goals] = await Promise.all([
        ctx.db.select({ _id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.position), asc(categories.name)),
        ctx.db.select({ name: tagsTable.name }).from(tagsTable).orderBy(asc(tagsTable.position), asc(tagsTable.name)),
        ctx.db.select({ _id: standards.id, name: standards.name, slug: standards.slug, logo: standards.logo }).from(standards).orderBy(asc(standards.name)),
        ctx.db.select({ number: sdgs.number, name: sdgs.name, color: sdgs.color, image: sdgs.image }).from(sdgs).orderBy(asc(sdgs.number)),
      ]);
      return { categories: cats, tags: tagRows.map((t) => t.name), standards: stds, sdgs: goals, currencies: [...SUPPORTED_CURRENCIES], units: ['tonne CO2e', 'item'] };
    },

    async create(actor: Actor, body: CreateBody): Promise<AdminProduct> {
      const slug = body.slug ?? slugify(body.name);
      if (body.colors.some((color) => color.image)) {
        throw new AppError('VALIDATION_FAILED', 'Upload the product’s images first, then choose each colour’s photo', { fields: { 'colors.0.image': ['upload the images first'] } });
      }
      const id = await write((productId: string) => [productId], (tx) => createIn(tx, actor, body), slug);
      return load(ctx.db, id);
    },

    async update(actor: Actor, id: string, body: UpdateBody): Promise<AdminProduct> {
      await write(() => [id], (tx) => updateIn(tx, actor, id, body), body.slug);
      return load(ctx.db, id);
    },

    /** Out of the catalog (list, pages, search, carts); orders, certificates and reviews keep it. */
    async archive(actor: Actor, id: string, archive: boolean): Promise<AdminProduct> {
      await write(
        () => [id],
        async (tx) => {
          const [row] = await tx
            .update(products)
            .set({ archivedAt: archive ? ctx.now() : null, updatedAt: ctx.now() })
            .where(and(eq(products.id, id), archive ? isNull(products.archivedAt) : isNotNull(products.archivedAt)))
            .returning({ name: products.name });
          if (!row) {
            await load(tx, id);
            throw new AppError('CONFLICT', archive ? 'This product is archived already' : 'This product is not archived');
          }
          await recordAudit(tx, actor, {
            action: archive ? 'product.archive' : 'product.restore',
            entity: 'product',
            entityId: id,
            summary: archive ? `Archived product ${row.name}: it left the catalog` : `Restored product ${row.name} to the catalog`,
            before: { status: archive ? 'active' : 'archived' },
            after: { status: archive ? 'archived' : 'active' },
          });
        },
      );
      return load(ctx.db, id);
    },

    /** Deletes a product never ordered; one that was is archived instead (409 says so). */
    async remove(actor: Actor, id: string): Promise<void> {
      const urls = await write(
        () => [id],
        async (tx) => {
          const before = await load(tx, id);
          if (before.everOrdered) throw new AppError('PRODUCT_HAS_ORDERS', 'This product was ordered, so it stays on those orders: archive it instead of deleting it');
          const images = await tx.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id));
          // Refused, not deleted, if an order took it since the check above (no foreign key holds that now).
          if (!(await deleteUnorderedProduct(tx, id))) throw new AppError('PRODUCT_HAS_ORDERS', 'This product was ordered, so it stays on those orders: archive it instead of deleting it');
          await recordAudit(tx, actor, { action: 'product.delete', entity: 'product', entityId: id, summary: `Deleted product ${before.name} (never ordered)`, before: auditable(before) });
          return images.map((image) => image.url);
        },
      );
      for (const url of urls) if (!(await imageStillUsed(ctx, url))) await ctx.uploads.remove(url);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;

/** Whether another product row still shows this image (a file is deleted only when none does). */
export async function imageStillUsed(ctx: Pick<AdminContext, 'db'>, url: string): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(productImages).where(eq(productImages.url, url));
  return (row?.n ?? 0) > 0;
}
