import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataEnvelope, messageEnvelopeSchema } from '@app/contract';
import { adminIdParamsSchema, categoryCreateBodySchema, categorySchema, categoryUpdateBodySchema, mergeBodySchema, orderBodySchema, tagBodySchema, tagSchema } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { categories, productCategories, products, tags } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, isUniqueViolation, type AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit, type Actor } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { slugify } from '../products/products.service.ts';

type Db = AdminContext['db'] | Tx;

async function categoryList(db: Db) {
  const rows = await db
    .select({ _id: categories.id, name: categories.name, slug: categories.slug, position: categories.position, productCount: sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = "categories"."id")` })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount) }));
}

async function tagList(db: Db) {
  const rows = await db
    .select({ _id: tags.id, name: tags.name, position: tags.position, productCount: sql<number>`(select count(*)::int from ${products} p where "tags"."name" = any(p.tags))` })
    .from(tags)
    .orderBy(asc(tags.position), asc(tags.name));
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount) }));
}

/** Products in a category (their category list shows its name): what a rename or merge reloads. */
async function productsIn(db: Db, categoryId: string): Promise<string[]> {
  return (await db.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, categoryId))).map((row) => row.id);
}
async function productsTagged(db: Db, name: string): Promise<string[]> {
  return (await db.select({ id: products.id }).from(products).where(sql`${name} = any(${products.tags})`)).map((row) => row.id);
}

/**
 * `categories` and `tags`: create, rename, merge, reorder, delete. Renames and merges rewrite the
 * products that carry them (tags are names on products.tags) and reload those products in the
 * catalog; the storefront lists categories, and a product its tags, in the operators' order.
 */
export const taxonomyRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();
  const slugTaken = () => new AppError('SLUG_TAKEN', 'Another category has this address name (slug)', { fields: { slug: ['is used by another category'] } });
  const nameTaken = () => new AppError('CONFLICT', 'There is a tag with this name already: merge into it instead', { fields: { name: ['is used by another tag'] } });
  /** One write, its audit row, then the catalog's reload of the products it touched. */
  async function write(work: (tx: Tx, actor: Actor) => Promise<string[] | null>, actor: Actor, onUnique: () => AppError) {
    let changed: string[] | null;
    try {
      changed = await inAdminTransaction(ctx, (tx) => work(tx, actor));
    } catch (error) {
      if (isUniqueViolation(error)) throw onUnique();
      throw error;
    }
    if (changed === null || changed.length) await ctx.catalog.changed(changed ?? undefined);
  }
  const categoriesEnvelope = { 200: dataEnvelope(z.array(categorySchema)), ...adminErrors };
  const tagsEnvelope = { 200: dataEnvelope(z.array(tagSchema)), ...adminErrors };

  app.get('/categories', { config: staff, schema: { ...adminDoc('All categories in their order, with how many products each has'), response: categoriesEnvelope } }, async () => ok(await categoryList(ctx.db)));

  app.post('/categories', { config: staff, schema: { ...adminDoc('Create a category'), body: categoryCreateBodySchema, response: { 201: dataEnvelope(z.array(categorySchema)), ...adminErrors } } }, async (request, reply) => {
    const { name } = request.body;
    const slug = request.body.slug ?? slugify(name).slice(0, 80);
    await write(async (tx, actor) => {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${categories.position}), 0)::int + 1` }).from(categories);
      const [row] = await tx.insert(categories).values({ name, slug, position: next }).returning({ id: categories.id });
      await recordAudit(tx, actor, { action: 'category.create', entity: 'category', entityId: row!.id, summary: `Created category ${name}`, after: { name, slug } });
      return [];
    }, actorOf(request), slugTaken);
    return reply.status(201).send(ok(await categoryList(ctx.db), 'Category created'));
  });

  app.put('/categories/order', { config: staff, schema: { ...adminDoc('Reorder the categories (every id once)'), body: orderBodySchema, response: categoriesEnvelope } }, async (request) => {
    await write(async (tx, actor) => {
      const all = await tx.select({ id: categories.id, slug: categories.slug }).from(categories).orderBy(asc(categories.position)).for('update');
      const ids = request.body.ids;
      if (ids.length !== all.length || !all.every((c) => ids.includes(c.id))) throw new AppError('VALIDATION_FAILED', 'List every category once, in the new order', { fields: { ids: ['must list every category once'] } });
      for (const [i, id] of ids.entries()) await tx.update(categories).set({ position: i + 1 }).where(eq(categories.id, id));
      const slugOf = new Map(all.map((c) => [c.id, c.slug]));
      await recordAudit(tx, actor, { action: 'category.order', entity: 'category', entityId: null, summary: 'Reordered the categories', before: { order: all.map((c) => c.slug) }, after: { order: ids.map((id) => slugOf.get(id)) } });
      return null;
    }, actorOf(request), slugTaken);
    return ok(await categoryList(ctx.db), 'Order saved');
  });

  app.patch('/categories/:id', { config: staff, schema: { ...adminDoc('Rename a category (name and/or slug)'), params: adminIdParamsSchema, body: categoryUpdateBodySchema, response: categoriesEnvelope } }, async (request) => {
    await write(async (tx, actor) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, request.params.id)).for('update');
      if (!before) throw notFound('That category');
      const after = { name: request.body.name ?? before.name, slug: request.body.slug ?? before.slug };
      await tx.update(categories).set(after).where(eq(categories.id, before.id));
      await recordAudit(tx, actor, { action: 'category.rename', entity: 'category', entityId: before.id, summary: `Renamed category ${before.name} to ${after.name}`, before: { name: before.name, slug: before.slug }, after });
      return productsIn(tx, before.id);
    }, actorOf(request), slugTaken);
    return ok(await categoryList(ctx.db), 'Category saved');
  });

  app.post('/categories/:id/merge', { config: staff, schema: { ...adminDoc('Merge a category into another: its products move there and it is deleted'), params: adminIdParamsSchema, body: mergeBodySchema, response: categoriesEnvelope } }, async (request) => {
    const { id } = request.params;
    const { into } = request.body;
    if (id === into) throw new AppError('VALIDATION_FAILED', 'Choose another category to merge into', { fields: { into: ['must be another category'] } });
    await write(async (tx, actor) => {
      const rows = await tx.select().from(categories).where(sql`${categories.id} in (${id}::uuid, ${into}::uuid)`).orderBy(asc(categories.id)).for('update');
      const source = rows.find((r) => r.id === id);
      const target = rows.find((r) => r.id === into);
      if (!source) throw notFound('That category');
      if (!target) throw new AppError('VALIDATION_FAILED', 'The category to merge into does not exist', { fields: { into: ['does not exist'] } });
      const moved = await productsIn(tx, id);
      await tx.execute(sql`insert into ${productCategories} (product_id, category_id) select product_id, ${into}::uuid from ${productCategories} where category_id = ${id}::uuid on conflict do nothing`);
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, actor, { action: 'category.merge', entity: 'category', entityId: id, summary: `Merged category ${source.name} into ${target.name} (${moved.length} products)`, before: { name: source.name, slug: source.slug }, after: { mergedInto: target.slug } });
      return [...new Set([...moved, ...(await productsIn(tx, into))])];
    }, actorOf(request), slugTaken);
    return ok(await categoryList(ctx.db), 'Categories merged');
  });

  app.delete('/categories/:id', { config: staff, schema: { ...adminDoc('Delete a category no product uses (409 IN_USE otherwise: merge it)'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await write(async (tx, actor) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, request.params.id)).for('update');
      if (!row) throw notFound('That category');
      if ((await productsIn(tx, row.id)).length) throw new AppError('IN_USE', `Products are in ${row.name}: merge it into another category instead`);
      await tx.delete(categories).where(eq(categories.id, row.id));
      await recordAudit(tx, actor, { action: 'category.delete', entity: 'category', entityId: row.id, summary: `Deleted category ${row.name}`, before: { name: row.name, slug: row.slug } });
      return [];
    }, actorOf(request), slugTaken);
    return { success: true as const, message: 'Category deleted' };
  });

  app.get('/tags', { config: staff, schema: { ...adminDoc('All tags in their order, with how many products carry each'), response: tagsEnvelope } }, async () => ok(await tagList(ctx.db)));

  app.post('/tags', { config: staff, schema: { ...adminDoc('Create a tag'), body: tagBodySchema, response: { 201: dataEnvelope(z.array(tagSchema)), ...adminErrors } } }, async (request, reply) => {
    await write(async (tx, actor) => {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${tags.position}), 0)::int + 1` }).from(tags);
      const [row] = await tx.insert(tags).values({ name: request.body.name, position: next }).returning({ id: tags.id });
      await recordAudit(tx, actor, { action: 'tag.create', entity: 'tag', entityId: row!.id, summary: `Created tag ${request.body.name}`, after: { name: request.body.name } });
      return [];
    }, actorOf(request), nameTaken);
    return reply.status(201).send(ok(await tagList(ctx.db), 'Tag created'));
  });

  app.put('/tags/order', { config: staff, schema: { ...adminDoc('Reorder the tags (every id once); products list their tags in this order'), body: orderBodySchema, response: tagsEnvelope } }, async (request) => {
    await write(async (tx, actor) => {
      const all = await tx.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.position)).for('update');
      const ids = request.body.ids;
      if (ids.length !== all.length || !all.every((t) => ids.includes(t.id))) throw new AppError('VALIDATION_FAILED', 'List every tag once, in the new order', { fields: { ids: ['must list every tag once'] } });
      for (const [i, id] of ids.entries()) await tx.update(tags).set({ position: i + 1 }).where(eq(tags.id, id));
      // Each product's tags follow the new order.
      const touched = await tx.execute(sql`update ${products} p set tags = (select array_agg(t order by coalesce(g.position, 2147483647), t) from unnest(p.tags) t left join ${tags} g on g.name = t)
        where cardinality(p.tags) > 1 returning p.id`);
      const nameOf = new Map(all.map((t) => [t.id, t.name]));
      await recordAudit(tx, actor, { action: 'tag.order', entity: 'tag', entityId: null, summary: 'Reordered the tags', before: { order: all.map((t) => t.name) }, after: { order: ids.map((id) => nameOf.get(id)) } });
      return (touched as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    }, actorOf(request), nameTaken);
    return ok(await tagList(ctx.db), 'Order saved');
  });

  app.patch('/tags/:id', { config: staff, schema: { ...adminDoc('Rename a tag on every product that carries it'), params: adminIdParamsSchema, body: tagBodySchema, response: tagsEnvelope } }, async (request) => {
    await write(async (tx, actor) => {
      const [row] = await tx.select().from(tags).where(eq(tags.id, request.params.id)).for('update');
      if (!row) throw notFound('That tag');
      const name = request.body.name;
      const touched = await productsTagged(tx, row.name);
      await tx.update(tags).set({ name }).where(eq(tags.id, row.id));
      await tx.execute(sql`update ${products} set tags = array_replace(tags, ${row.name}, ${name}) where ${row.name} = any(tags)`);
      await recordAudit(tx, actor, { action: 'tag.rename', entity: 'tag', entityId: row.id, summary: `Renamed tag ${row.name} to ${name} (${touched.length} products)`, before: { name: row.name }, after: { name } });
      return touched;
    }, actorOf(request), nameTaken);
    return ok(await tagList(ctx.db), 'Tag saved');
  });

  app.post('/tags/:id/merge', { config: staff, schema: { ...adminDoc('Merge a tag into another on every product; the tag is deleted'), params: adminIdParamsSchema, body: mergeBodySchema, response: tagsEnvelope } }, async (request) => {
    const { id } = request.params;
    const { into } = request.body;
    if (id === into) throw new AppError('VALIDATION_FAILED', 'Choose another tag to merge into', { fields: { into: ['must be another tag'] } });
    await write(async (tx, actor) => {
      const rows = await tx.select().from(tags).where(sql`${tags.id} in (${id}::uuid, ${into}::uuid)`).orderBy(asc(tags.id)).for('update');
      const source = rows.find((r) => r.id === id);
      const target = rows.find((r) => r.id === into);
      if (!source) throw notFound('That tag');
      if (!target) throw new AppError('VALIDATION_FAILED', 'The tag to merge into does not exist', { fields: { into: ['does not exist'] } });
      const touched = await productsTagged(tx, source.name);
      // Replace, then drop the duplicate a product carrying both now has (first one kept).
      await tx.execute(sql`update ${products} set tags = (select array_agg(t order by first) from (select t, min(o) as first from unnest(array_replace(tags, ${source.name}, ${target.name})) with ordinality as u(t, o) group by t) d) where ${source.name} = any(tags)`);
      await tx.delete(tags).where(eq(tags.id, id));
      await recordAudit(tx, actor, { action: 'tag.merge', entity: 'tag', entityId: id, summary: `Merged tag ${source.name} into ${target.name} (${touched.length} products)`, before: { name: source.name }, after: { mergedInto: target.name } });
      return touched;
    }, actorOf(request), nameTaken);
    return ok(await tagList(ctx.db), 'Tags merged');
  });

  app.delete('/tags/:id', { config: staff, schema: { ...adminDoc('Delete a tag no product carries (409 IN_USE otherwise: merge it)'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await write(async (tx, actor) => {
      const [row] = await tx.select().from(tags).where(eq(tags.id, request.params.id)).for('update');
      if (!row) throw notFound('That tag');
      if ((await productsTagged(tx, row.name)).length) throw new AppError('IN_USE', `Products carry the tag ${row.name}: merge it into another tag instead`);
      await tx.delete(tags).where(eq(tags.id, row.id));
      await recordAudit(tx, actor, { action: 'tag.delete', entity: 'tag', entityId: row.id, summary: `Deleted tag ${row.name}`, before: { name: row.name } });
      return [];
    }, actorOf(request), nameTaken);
    return { success: true as const, message: 'Tag deleted' };
  });
};
