import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dataEnvelope } from '@app/contract';
import { PRODUCT_LIMITS, adminIdParamsSchema, productImageParamsSchema, productImageSchema, productImagesOrderBodySchema } from '@app/contract/admin';
import { z } from 'zod';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { productImages, products } from '../../../db/schema/index.ts';
import { detectImageType } from '../../uploads/image-type.ts';
import { UPLOAD_MAX_BYTES, uploadError } from '../../uploads/uploads.routes.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { productWrites } from './products.writes.ts';
import { imageStillUsed } from './products.service.ts';
import type { Tx } from '../../cart/cart.repository.ts';

const imagesEnvelope = dataEnvelope(z.array(productImageSchema));

async function imagesOf(db: AdminContext['db'] | Tx, productId: string) {
  const rows = await db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map((row) => ({ _id: row.id, url: row.url, alt: row.alt, position: row.position }));
}

async function lockProduct(tx: Tx, productId: string): Promise<string> {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw notFound('That product');
  return row.name;
}

/**
 * `products/{id}/images`: upload (multipart field `file`, PNG/JPEG/WebP by content, stored by the
 * upload module), reorder with alt texts, remove. The first image is the one lists show. A file
 * is deleted from the upload store only when no product shows it any more.
 */
export const productImagesRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 1, parts: 2, headerPairs: 50 } });
  const staff = adminAccess('staff', { rateLimit: { max: 60, timeWindow: '1 minute' } });
  const touched = async (productId: string) => ctx.catalog.changed([productId]);

  app.post(
    '/products/:id/images',
    {
      config: staff,
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: { ...adminDoc('Add an image (multipart field "file"; PNG, JPEG or WebP; at most 2 MB)'), consumes: ['multipart/form-data'], params: adminIdParamsSchema, response: { 201: imagesEnvelope, ...adminErrors, 413: adminErrors[400], 415: adminErrors[400] } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named file');
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file' || bytes) throw uploadError({ code: 'FST_PARTS_LIMIT' });
          bytes = await part.toBuffer();
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!bytes) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { fields: { file: ['is required'] } });
      const extension = detectImageType(bytes);
      if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG or WebP image (SVG is not accepted)', { fields: { file: ['must be a PNG, JPEG or WebP image'] } });
      const productId = request.params.id;
      const [exists] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
      if (!exists) throw notFound('That product');
      const url = `/uploads/${await ctx.uploads.save(bytes, extension)}`;
      try {
        await inAdminTransaction(ctx, async (tx) => {
          const name = await lockProduct(tx, productId);
          const [{ n, next }] = await tx.select({ n: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` }).from(productImages).where(eq(productImages.productId, productId));
          if (n >= PRODUCT_LIMITS.images) throw new AppError('CONFLICT', `A product has at most ${PRODUCT_LIMITS.images} images: remove one first`);
          const [row] = await tx.insert(productImages).values({ productId, url, alt: '', position: next }).returning({ id: productImages.id });
          await recordAudit(tx, actorOf(request), { action: 'product.image-add', entity: 'product', entityId: productId, summary: `Added an image to ${name}`, after: { imageId: row!.id, url } });
        });
      } catch (error) {
        await ctx.uploads.remove(url);
        throw error;
      }
      await touched(productId);
      return reply.status(201).send(ok(await imagesOf(ctx.db, productId), 'Image added'));
    },
  );

  app.put(
    '/products/:id/images',
    { config: staff, schema: { ...adminDoc('Reorder the images (every image once, first shown first) and set their alt texts'), params: adminIdParamsSchema, body: productImagesOrderBodySchema, response: { 200: imagesEnvelope, ...adminErrors } } },
    async (request) => {
      const productId = request.params.id;
      await inAdminTransaction(ctx, async (tx) => {
        const name = await lockProduct(tx, productId);
        const current = await imagesOf(tx, productId);
        const given = request.body.images.map((image) => image._id);
        if (given.length !== current.length || new Set(given).size !== given.length || !current.every((image) => given.includes(image._id))) {
          throw new AppError('VALIDATION_FAILED', 'List every image of the product once, in the new order', { fields: { images: ['must list every image of the product once'] } });
        }
        for (const [position, image] of request.body.images.entries()) {
          await tx.update(productImages).set({ position, ...(image.alt !== undefined ? { alt: image.alt } : {}) }).where(and(eq(productImages.id, image._id), eq(productImages.productId, productId)));
        }
        const after = await imagesOf(tx, productId);
        await recordAudit(tx, actorOf(request), { action: 'product.image-order', entity: 'product', entityId: productId, summary: `Reordered the images of ${name}`, before: { images: current.map((i) => i.url), alts: current.map((i) => i.alt) }, after: { images: after.map((i) => i.url), alts: after.map((i) => i.alt) } });
      });
      await touched(productId);
      return ok(await imagesOf(ctx.db, productId), 'Images saved');
    },
  );

  app.delete('/products/:id/images/:imageId', { config: staff, schema: { ...adminDoc('Remove an image'), params: productImageParamsSchema, response: { 200: imagesEnvelope, ...adminErrors } } }, async (request) => {
    const { id: productId, imageId } = request.params;
    const url = await inAdminTransaction(ctx, async (tx) => {
      const name = await lockProduct(tx, productId);
      const [removed] = await tx.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.productId, productId))).returning({ url: productImages.url });
      if (!removed) throw notFound('That image');
      const left = await imagesOf(tx, productId);
      for (const [position, image] of left.entries()) if (image.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, image._id));
      await productWrites.clearColorImages(tx, productId, left.map((image) => image.url));
      await recordAudit(tx, actorOf(request), { action: 'product.image-remove', entity: 'product', entityId: productId, summary: `Removed an image of ${name}`, before: { imageId, url: removed.url } });
      return removed.url;
    });
    if (!(await imageStillUsed(ctx, url))) await ctx.uploads.remove(url);
    await touched(productId);
    return ok(await imagesOf(ctx.db, productId), 'Image removed');
  });
};
