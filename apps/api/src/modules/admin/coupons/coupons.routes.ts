import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { dataEnvelope } from '@app/contract';
import { adminCouponSchema, adminIdParamsSchema, adminPageSchema, couponCreateBodySchema, couponListQuerySchema, couponUpdateBodySchema, type AdminCoupon, type CouponStatus } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { couponRedemptions, coupons, orders } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { inAdminTransaction, isUniqueViolation, type AdminContext } from '../admin.context.ts';
import { actorOf, changedFields, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';

type Db = AdminContext['db'] | Tx;
type CouponRow = typeof coupons.$inferSelect;

// The outer coupon is named with its table (`"coupons".id`): a column in a select of one table is
// written bare ("id"), which inside the subquery would mean the subquery's own row's id.
const paidUses = sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = ${coupons}.id)`;
const pendingUses = sql<number>`(select count(*)::int from ${orders} o where o.coupon_id = ${coupons}.id and o.status = 'pending' and (o.reserved_until is null or o.reserved_until > now()))`;

function statusOf(row: CouponRow, paid: number, now: Date): CouponStatus {
  if (row.disabledAt) return 'disabled';
  if (row.startsAt && now < row.startsAt) return 'scheduled';
  if (row.endsAt && now >= row.endsAt) return 'ended';
  if (row.maxUses !== null && paid >= row.maxUses) return 'exhausted';
  return 'active';
}

function view(row: CouponRow, paid: number, pending: number, now: Date): AdminCoupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffMinor: row.amountOffMinor as AdminCoupon['amountOffMinor'],
    minimumOrderMinor: row.minimumOrderMinor as AdminCoupon['minimumOrderMinor'],
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    description: row.description,
    status: statusOf(row, paid, now),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    uses: { paid: Number(paid), pending: Number(pending) },
    createdAt: row.createdAt.toISOString(),
  };
}

const STATUS_WHERE: Record<CouponStatus, SQL> = {
  disabled: sql`${coupons.disabledAt} is not null`,
  scheduled: sql`${coupons.disabledAt} is null and ${coupons.startsAt} > now()`,
  ended: sql`${coupons.disabledAt} is null and ${coupons.endsAt} <= now()`,
  exhausted: sql`${coupons.disabledAt} is null and ${coupons.maxUses} is not null and ${paidUses} >= ${coupons.maxUses}`,
  active: sql`${coupons.disabledAt} is null and (${coupons.startsAt} is null or ${coupons.startsAt} <= now()) and (${coupons.endsAt} is null or ${coupons.endsAt} > now()) and (${coupons.maxUses} is null or ${paidUses} < ${coupons.maxUses})`,
};

/**
 * `coupons`: list with uses (paid orders, and pending ones holding a use), create, edit, disable
 * and re-enable. The code and kind never change (orders name the code). The CLI's
 * `coupon:create` and `coupon:list` stay (they run through the same database rules).
 */
export const couponsRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();
  async function one(db: Db, id: string): Promise<AdminCoupon> {
    const [row] = await db.select({ coupon: coupons, paid: paidUses, pending: pendingUses }).from(coupons).where(eq(coupons.id, id)).limit(1);
    if (!row) throw notFound('That coupon');
    return view(row.coupon, row.paid, row.pending, ctx.now());
  }
  const auditView = (c: AdminCoupon) => {
    const { uses: _u, status: _s, createdAt: _c, _id, ...rest } = c;
    return rest;
  };

  app.get('/coupons', { config: staff, schema: { ...adminDoc('List coupons with their uses'), querystring: couponListQuerySchema, response: { 200: adminPageSchema(adminCouponSchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const where = sql.join([sql`true`, q.q ? sql`${coupons.code} ilike ${'%' + q.q.replace(/[\\%_]/g, '\\$&') + '%'}` : sql`true`, q.status ? STATUS_WHERE[q.status] : sql`true`], sql` and `);
    const column = q.sort === 'code' ? sql`${coupons.code}` : q.sort === 'uses' ? paidUses : sql`${coupons.createdAt}`;
    const rows = await ctx.db
      .select({ coupon: coupons, paid: paidUses, pending: pendingUses, total: sql<number>`count(*) over ()` })
      .from(coupons)
      .where(where)
      .orderBy(q.order === 'asc' ? asc(column) : desc(column), asc(coupons.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const total = rows.length ? Number(rows[0]!.total) : Number((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(where))[0]?.n ?? 0);
    return { success: true as const, data: rows.map((r) => view(r.coupon, r.paid, r.pending, ctx.now())), meta: { page: q.page, size: q.size, total } };
  });

  app.get('/coupons/:id', { config: staff, schema: { ...adminDoc('Read a coupon with its uses'), params: adminIdParamsSchema, response: { 200: dataEnvelope(adminCouponSchema), ...adminErrors } } }, async (request) => ok(await one(ctx.db, request.params.id)));

  app.post('/coupons', { config: staff, schema: { ...adminDoc('Create a coupon'), body: couponCreateBodySchema, response: { 201: dataEnvelope(adminCouponSchema), ...adminErrors } } }, async (request, reply) => {
    const b = request.body;
    try {
      const id = await inAdminTransaction(ctx, async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ code: b.code, kind: b.kind, percentOff: b.percentOff, amountOffMinor: b.amountOffMinor, minimumOrderMinor: b.minimumOrderMinor, startsAt: b.startsAt ? new Date(b.startsAt) : null, endsAt: b.endsAt ? new Date(b.endsAt) : null, maxUses: b.maxUses, maxUsesPerUser: b.maxUsesPerUser, description: b.description })
          .returning({ id: coupons.id });
        await recordAudit(tx, actorOf(request), { action: 'coupon.create', entity: 'coupon', entityId: row!.id, summary: `Created coupon ${b.code}`, after: auditView(await one(tx, row!.id)) });
        return row!.id;
      });
      return reply.status(201).send(ok(await one(ctx.db, id), 'Coupon created'));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A coupon ${b.code} exists already`, { fields: { code: ['is used by another coupon'] } });
      throw error;
    }
  });

  app.patch('/coupons/:id', { config: staff, schema: { ...adminDoc('Edit a coupon (not its code or kind)'), params: adminIdParamsSchema, body: couponUpdateBodySchema, response: { 200: dataEnvelope(adminCouponSchema), ...adminErrors } } }, async (request) => {
    const b = request.body;
    await inAdminTransaction(ctx, async (tx) => {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, request.params.id)).for('update');
      if (!row) throw notFound('That coupon');
      const before = await one(tx, row.id);
      const field = (name: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: { [name]: [message] } });
      if (row.kind === 'percent' && (b.amountOffMinor || b.percentOff === null)) throw field(b.amountOffMinor ? 'amountOffMinor' : 'percentOff', 'A percentage coupon keeps a percentage and has no amounts');
      if (row.kind === 'amount' && (b.percentOff || (b.amountOffMinor !== undefined && (!b.amountOffMinor || Object.keys(b.amountOffMinor).length === 0)))) throw field(b.percentOff ? 'percentOff' : 'amountOffMinor', 'A fixed-amount coupon keeps an amount in at least one currency and has no percentage');
      const startsAt = b.startsAt === undefined ? row.startsAt : b.startsAt ? new Date(b.startsAt) : null;
      const endsAt = b.endsAt === undefined ? row.endsAt : b.endsAt ? new Date(b.endsAt) : null;
      if (startsAt && endsAt && endsAt <= startsAt) throw field('endsAt', 'The coupon must end after it starts');
      if (b.maxUses !== undefined && b.maxUses !== null && b.maxUses < row.usedCount) throw field('maxUses', `It has been used ${row.usedCount} times already: maxUses cannot be lower`);
      await tx
        .update(coupons)
        .set({
          ...(b.percentOff !== undefined && { percentOff: b.percentOff }),
          ...(b.amountOffMinor !== undefined && { amountOffMinor: b.amountOffMinor }),
          ...(b.minimumOrderMinor !== undefined && { minimumOrderMinor: b.minimumOrderMinor }),
          startsAt,
          endsAt,
          ...(b.maxUses !== undefined && { maxUses: b.maxUses }),
          ...(b.maxUsesPerUser !== undefined && { maxUsesPerUser: b.maxUsesPerUser }),
          ...(b.description !== undefined && { description: b.description }),
        })
        .where(eq(coupons.id, row.id));
      const diff = changedFields(auditView(before), auditView(await one(tx, row.id)));
      await recordAudit(tx, actorOf(request), { action: 'coupon.update', entity: 'coupon', entityId: row.id, summary: `Edited coupon ${row.code}: ${Object.keys(diff.after).join(', ') || 'nothing changed'}`, ...diff });
    });
    return ok(await one(ctx.db, request.params.id), 'Coupon saved');
  });

  for (const disable of [true, false]) {
    app.post(
      `/coupons/:id/${disable ? 'disable' : 'enable'}`,
      { config: staff, schema: { ...adminDoc(disable ? 'Disable a coupon: carts refuse it from now on' : 'Re-enable a disabled coupon'), params: adminIdParamsSchema, response: { 200: dataEnvelope(adminCouponSchema), ...adminErrors } } },
      async (request) => {
        await inAdminTransaction(ctx, async (tx) => {
          const [row] = await tx.update(coupons).set({ disabledAt: disable ? ctx.now() : null }).where(sql`${coupons.id} = ${request.params.id} and ${coupons.disabledAt} is ${disable ? sql`null` : sql`not null`}`).returning({ code: coupons.code });
          if (!row) {
            await one(tx, request.params.id);
            throw new AppError('CONFLICT', disable ? 'This coupon is disabled already' : 'This coupon is not disabled');
          }
          await recordAudit(tx, actorOf(request), { action: disable ? 'coupon.disable' : 'coupon.enable', entity: 'coupon', entityId: request.params.id, summary: `${disable ? 'Disabled' : 'Re-enabled'} coupon ${row.code}`, before: { disabled: !disable }, after: { disabled: disable } });
        });
        return ok(await one(ctx.db, request.params.id), disable ? 'Coupon disabled' : 'Coupon enabled');
      },
    );
  }
};
