import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@app/contract';
import { PRODUCT_IMPORT_MAX_BYTES, productImportBodySchema, productImportResultSchema } from '@app/contract/admin';
import type { AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { exportProductsCsv, importProductsCsv } from './products.csv.ts';
import type { ProductsService } from './products.service.ts';

/** `products/export` (CSV of every product) and `products/import` (owners; dry run first, all-or-nothing). */
export const productsCsvRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext; products: ProductsService }> = async (app, { ctx, products }) => {
  app.get(
    '/products/export',
    { config: adminAccess('staff', { rateLimit: { max: 30, timeWindow: '1 minute' } }), schema: { ...adminDoc('Every product as CSV (the import reads the same columns)'), produces: ['text/csv'], response: { 200: z.string(), ...adminErrors } } },
    async (request, reply) => {
      const csv = await exportProductsCsv(ctx);
      await ctx.db.transaction((tx) => recordAudit(tx, actorOf(request), { action: 'product.export', entity: 'product', entityId: null, summary: 'Exported the products as CSV' }));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`).send(csv);
    },
  );

  app.post(
    '/products/import',
    {
      config: adminAccess('owner', { rateLimit: { max: 30, timeWindow: '1 minute' } }),
      bodyLimit: PRODUCT_IMPORT_MAX_BYTES + 256 * 1024,
      schema: { ...adminDoc('Import products from CSV: a dry run lists every row’s problems and changes; a real run writes all rows or none', 'owner'), body: productImportBodySchema, response: { 200: dataEnvelope(productImportResultSchema), ...adminErrors } },
    },
    async (request) => {
      const result = await importProductsCsv(ctx, products, actorOf(request), request.body.csv, request.body.dryRun);
      return ok(result, result.dryRun ? (result.ok ? 'The file is valid: nothing was written yet' : 'The file has problems: nothing was written') : `Imported: ${result.created} created, ${result.updated} updated`);
    },
  );
};
