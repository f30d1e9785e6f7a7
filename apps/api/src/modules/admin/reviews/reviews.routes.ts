import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { dataEnvelope } from '@app/contract';
import { adminIdParamsSchema, adminPageSchema, adminReviewSchema, reviewHideBodySchema, reviewListQuerySchema, reviewUnhideBodySchema, type AdminReview } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { orders, productReviews, products, users } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';

type Db = AdminContext['db'] | Tx;

const columns = { review: productReviews, product: { id: products.id, name: products.name, slug: products.slug }, orderNumber: orders.orderNumber, author: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } };

function select(db: Db) {
  return db.select(columns).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId)).innerJoin(orders, eq(orders.id, productReviews.orderId)).innerJoin(users, eq(users.id, productReviews.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['limit']>>[number];
function view({ review, product, orderNumber, author }: Row): AdminReview {
  return {
    _id: review.id,
    product: { _id: product.id, name: product.name, slug: product.slug },
    order: { _id: review.orderId, orderNumber },
    author: { _id: author.id, email: author.email, name: `${author.firstName} ${author.lastName}`.trim() },
    BusinessId: review.businessId,
    rating: review.rating,
    comment: review.comment,
    hidden: review.hiddenAt !== null,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenReason: review.hiddenReason,
    hiddenBy: review.hiddenByEmail,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

/**
 * `reviews`: every review with filters; hide and unhide with a reason. Hiding takes the review out
 * of the public list and the product's average and count at once (the catalog reloads the
 * product, which also drops the cached review pages in every process).
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();
  async function one(db: Db, id: string) {
    const [row] = await select(db).where(eq(productReviews.id, id)).limit(1);
    if (!row) throw notFound('That review');
    return view(row);
  }

  app.get('/reviews', { config: staff, schema: { ...adminDoc('List reviews: product, rating, hidden, search in text or author'), querystring: reviewListQuerySchema, response: { 200: adminPageSchema(adminReviewSchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const like = q.q ? `%${q.q.replace(/[\\%_]/g, '\\$&')}%` : undefined;
    const where = and(
      q.product ? eq(productReviews.productId, q.product) : undefined,
      q.rating ? eq(productReviews.rating, q.rating) : undefined,
      q.hidden === undefined ? undefined : q.hidden ? isNotNull(productReviews.hiddenAt) : isNull(productReviews.hiddenAt),
      like ? or(ilike(productReviews.comment, like), ilike(users.email, like), ilike(products.name, like)) : undefined,
    );
    const column = q.sort === 'rating' ? productReviews.rating : productReviews.createdAt;
    const [rows, [total]] = await Promise.all([
      select(ctx.db).where(where).orderBy(q.order === 'asc' ? asc(column) : desc(column), desc(productReviews.id)).limit(q.size).offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId)).innerJoin(users, eq(users.id, productReviews.userId)).where(where),
    ]);
    return { success: true as const, data: rows.map(view), meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  });

  for (const hide of [true, false]) {
    app.post(
      `/reviews/:id/${hide ? 'hide' : 'unhide'}`,
      {
        config: staff,
        schema: {
          ...adminDoc(hide ? 'Hide a review with a reason: it leaves the public list and the product’s average at once' : 'Show a hidden review again'),
          params: adminIdParamsSchema,
          body: hide ? reviewHideBodySchema : reviewUnhideBodySchema,
          response: { 200: dataEnvelope(adminReviewSchema), ...adminErrors },
        },
      },
      async (request) => {
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
        const actor = actorOf(request);
        const productId = await inAdminTransaction(ctx, async (tx) => {
          const [row] = await tx
            .update(productReviews)
            .set(hide ? { hiddenAt: ctx.now(), hiddenReason: reason, hiddenByEmail: actor.email } : { hiddenAt: null, hiddenReason: null, hiddenByEmail: null })
            .where(and(eq(productReviews.id, request.params.id), hide ? isNull(productReviews.hiddenAt) : isNotNull(productReviews.hiddenAt)))
            .returning({ productId: productReviews.productId, rating: productReviews.rating });
          if (!row) {
            await one(tx, request.params.id);
            throw new AppError('CONFLICT', hide ? 'This review is hidden already' : 'This review is not hidden');
          }
          await recordAudit(tx, actor, {
            action: hide ? 'review.hide' : 'review.unhide',
            entity: 'review',
            entityId: request.params.id,
            summary: `${hide ? 'Hid' : 'Showed again'} a ${row.rating}-star review${reason ? `: ${reason}` : ''}`,
            before: { hidden: !hide },
            after: { hidden: hide, reason },
          });
          return row.productId;
        });
        await ctx.catalog.changed([productId]);
        return ok(await one(ctx.db, request.params.id), hide ? 'Review hidden' : 'Review shown again');
      },
    );
  }
};
