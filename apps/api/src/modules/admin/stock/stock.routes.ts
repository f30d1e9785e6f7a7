import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { dataEnvelope } from '@app/contract';
import { adminIdParamsSchema, adminPageSchema, lowStockItemSchema, lowStockQuerySchema, stockChangeBodySchema, stockLedgerQuerySchema, stockPageSchema, stockViewSchema, type StockView } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { orders, productColors, productImages, productSizes, products, stockLedger as ledgerTable } from '../../../db/schema/index.ts';
import { stockLedger } from '../../catalog/stock-ledger.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';

type Db = AdminContext['db'] | Tx;

/** Stock now: the product's own row, or one level per size ("Blue / M"). */
async function stockView(db: Db, productId: string): Promise<StockView> {
  const [product] = await db.select({ stock: products.stock, reserved: products.reserved, threshold: products.lowStockThreshold }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound('That product');
  const sizes = await db
    .select({ id: productSizes.id, color: productColors.name, size: productSizes.name, stock: productSizes.stock, reserved: productSizes.reserved })
    .from(productSizes)
    .innerJoin(productColors, eq(productColors.id, productSizes.colorId))
    .where(eq(productColors.productId, productId))
    .orderBy(asc(productColors.position), asc(productSizes.position));
  const levels = sizes.length
    ? sizes.map((s) => ({ sizeId: s.id, label: `${s.color} / ${s.size}`, stock: s.stock, reserved: s.reserved, available: Math.max(0, s.stock - s.reserved) }))
    : [{ sizeId: null, label: 'Stock', stock: product.stock, reserved: product.reserved, available: Math.max(0, product.stock - product.reserved) }];
  const available = levels.reduce((sum, level) => sum + level.available, 0);
  return { productId, levels, lowStockThreshold: product.threshold, lowStock: available <= product.threshold };
}

/**
 * `products/{id}/stock` and `products/low-stock`: levels, changes with a reason (one conditional
 * update that writes its ledger row, catalog/stock-ledger.ts), the ledger, and what is low.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();

  app.get('/products/:id/stock', { config: staff, schema: { ...adminDoc('Stock levels of a product and its stock ledger (newest first)'), params: adminIdParamsSchema, querystring: stockLedgerQuerySchema, response: { 200: stockPageSchema, ...adminErrors } } }, async (request) => {
    const q = request.query;
    const view = await stockView(ctx.db, request.params.id);
    const where = and(eq(ledgerTable.productId, request.params.id), q.sizeId ? eq(ledgerTable.sizeId, q.sizeId) : undefined, q.reason ? eq(ledgerTable.reason, q.reason) : undefined);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ entry: ledgerTable, orderNumber: orders.orderNumber })
        .from(ledgerTable)
        .leftJoin(orders, eq(orders.id, ledgerTable.orderId))
        .where(where)
        .orderBy(q.order === 'asc' ? asc(ledgerTable.at) : desc(ledgerTable.at), q.order === 'asc' ? asc(ledgerTable.id) : desc(ledgerTable.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(ledgerTable).where(where),
    ]);
    const ledger = rows.map(({ entry, orderNumber }) => ({
      _id: entry.id,
      at: entry.at.toISOString(),
      sizeId: entry.sizeId,
      label: entry.label,
      delta: entry.delta,
      resultingStock: entry.resultingStock,
      reason: entry.reason as never,
      note: entry.note,
      actor: entry.actorEmail ? { _id: entry.actorUserId, email: entry.actorEmail } : null,
      order: entry.orderId ? { _id: entry.orderId, orderNumber: orderNumber ?? '' } : null,
    }));
    return { success: true as const, data: { ...view, ledger }, meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  });

  app.post('/products/:id/stock', { config: staff, schema: { ...adminDoc('Set or adjust stock with a reason (restock, correction, damaged)'), params: adminIdParamsSchema, body: stockChangeBodySchema, response: { 200: dataEnvelope(stockViewSchema), ...adminErrors } } }, async (request) => {
    const productId = request.params.id;
    const body = request.body;
    const actor = actorOf(request);
    await inAdminTransaction(ctx, async (tx) => {
      const before = await stockView(tx, productId);
      const level = body.sizeId ? before.levels.find((l) => l.sizeId === body.sizeId) : before.levels.length === 1 && before.levels[0]!.sizeId === null ? before.levels[0] : undefined;
      if (!level) {
        throw new AppError('VALIDATION_FAILED', body.sizeId ? 'That size is not one of this product’s' : 'This product has colours and sizes: choose the size (sizeId)', { fields: { sizeId: [body.sizeId ? 'is not a size of this product' : 'is required for a product with sizes'] } });
      }
      const target = level.sizeId ? { table: 'size' as const, id: level.sizeId } : { table: 'product' as const, id: productId };
      const context = { reason: body.reason, note: body.note ?? null, actorUserId: actor.userId, actorEmail: actor.email };
      const done = body.set !== undefined ? await stockLedger.set(tx, target, body.set, context) : await stockLedger.adjust(tx, target, body.adjust!, context);
      const wanted = body.set ?? level.stock + body.adjust!;
      if (!done && wanted !== level.stock) {
        throw new AppError('STOCK_CONFLICT', wanted < 0 ? `Stock cannot go below 0 (${level.stock} on hand)` : `Pending orders hold ${level.reserved} of these units: stock cannot go below that`, { fields: { [body.set !== undefined ? 'set' : 'adjust']: ['would leave less than pending orders hold'] } });
      }
      if (target.table === 'product') await tx.update(products).set({ updatedAt: ctx.now() }).where(eq(products.id, productId));
      await recordAudit(tx, actor, {
        action: `stock.${body.set !== undefined ? 'set' : 'adjust'}`,
        entity: 'product',
        entityId: productId,
        summary: `${level.label}: ${level.stock} → ${wanted} (${body.reason}${body.note ? `: ${body.note}` : ''})`,
        before: { [level.label]: level.stock },
        after: { [level.label]: wanted, reason: body.reason },
      });
    });
    await ctx.catalog.changed([productId], { stockOnly: true });
    return ok(await stockView(ctx.db, productId), 'Stock saved');
  });

  app.get('/products/low-stock', { config: staff, schema: { ...adminDoc('Products (and sizes) at or below their low-stock threshold'), querystring: lowStockQuerySchema, response: { 200: adminPageSchema(lowStockItemSchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const page = await lowStockPage(ctx.db, q);
    return { success: true as const, data: page.items, meta: { page: q.page, size: q.size, total: page.total } };
  });
};

/**
 * Every stock row (a product's own, or a size) whose sellable units are at or below its product's
 * threshold, among products in the catalog (archived ones are not restocked).
 */
export async function lowStockPage(db: Db, q: { page: number; size: number; sort?: string; order?: string; q?: string }) {
  const search = q.q ? sql`and p.name ilike ${'%' + q.q.replace(/[\\%_]/g, '\\$&') + '%'}` : sql``;
  const order = q.sort === 'name' ? sql`lower(name) ${q.order === 'desc' ? sql`desc` : sql`asc`}, label` : sql`available ${q.order === 'desc' ? sql`desc` : sql`asc`}, lower(name)`;
  const base = sql`
    select p.id as product_id, p.name, p.slug, p.kind, p.low_stock_threshold as threshold, null::uuid as size_id, 'Stock' as label, greatest(p.stock - p.reserved, 0) as available
      from ${products} p where p.archived_at is null ${search} and not exists (select 1 from ${productColors} c where c.product_id = p.id)
    union all
    select p.id, p.name, p.slug, p.kind, p.low_stock_threshold, s.id, c.name || ' / ' || s.name, greatest(s.stock - s.reserved, 0)
      from ${productSizes} s join ${productColors} c on c.id = s.color_id join ${products} p on p.id = c.product_id where p.archived_at is null ${search}`;
  const result = (await db.execute(sql`
    with levels as (${base})
    select *, count(*) over () as total,
      (select url from ${productImages} i where i.product_id = levels.product_id order by i.position limit 1) as image
    from levels where available <= threshold order by ${order} limit ${q.size} offset ${(q.page - 1) * q.size}`)) as unknown as {
    rows: { product_id: string; name: string; slug: string; kind: string; threshold: number; size_id: string | null; label: string; available: number; total: number; image: string | null }[];
  };
  return {
    total: Number(result.rows[0]?.total ?? 0),
    items: result.rows.map((r) => ({ productId: r.product_id, name: r.name, slug: r.slug, kind: r.kind, image: r.image, sizeId: r.size_id, label: r.label, available: Number(r.available), lowStockThreshold: Number(r.threshold) })),
  };
}
