import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionCache } from '../../../plugins/session-cache.ts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataEnvelope } from '@app/contract';
import {
  adminIdParamsSchema,
  adminOrderSummarySchema,
  adminPageSchema,
  customerBusinessSchema,
  customerCertificateSchema,
  customerDetailSchema,
  customerFootprintSchema,
  customerListQuerySchema,
  customerLockBodySchema,
  customerSubListQuerySchema,
  customerSummarySchema,
  type CustomerDetail,
} from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { businesses, businessMembers, carbonFootprints, certificates, mailingListSubscribers, operators, orders, productReviews, users } from '../../../db/schema/index.ts';
import { createAuthRepository } from '../../auth/auth.repository.ts';
import type { AuthContext } from '../../auth/auth.context.ts';
import { sendVerification } from '../../auth/registration.service.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import type { Database } from '../../../db/client.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { mfaRepository } from '../mfa/mfa.repository.ts';
import { orderReads } from '../orders/orders.reads.ts';

type Db = AdminContext['db'] | Tx;
const escape = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
// `"users".id`, not `${users.id}`: in a select of one table that is written bare ("id"), which the subquery would read as o.id.
const orderCount = sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${users}.id)`;

function summary(row: { user: typeof users.$inferSelect; orderCount: number }) {
  const u = row.user;
  return { _id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, verified: u.emailVerifiedAt !== null, locked: u.signInLockedAt !== null, orderCount: Number(row.orderCount), createdAt: u.createdAt.toISOString() };
}

/**
 * `customers`: search, a customer in full with their orders, certificates, footprints and
 * businesses; lock and unlock sign-in (a lock ends every session of the account at once: its
 * token version moves on); resend the verification mail. Staff cannot lock an operator's account,
 * and nobody their own.
 */
export const customersRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext; auth: AuthContext }> = async (app, { ctx, auth }) => {
  const staff = adminAccess();
  const page = (q: { page: number; size: number }, total: number) => ({ page: q.page, size: q.size, total });

  async function userOr404(db: Db, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound('That customer');
    return row;
  }

  async function detail(db: Db, id: string): Promise<CustomerDetail> {
    const user = await userOr404(db, id);
    const [[role], paid, [certs], [prints], [reviews], [subscriber]] = await Promise.all([
      db.select({ role: operators.role }).from(operators).where(eq(operators.userId, id)).limit(1),
      db.select({ currency: orders.currency, amountMinor: sql<number>`sum(${orders.totalMinor} - ${orders.refundedMinor})::int`, orders: count() }).from(orders).where(and(eq(orders.userId, id), inArray(orders.status, ['paid', 'partially_refunded']))).groupBy(orders.currency),
      db.select({ n: count() }).from(certificates).where(and(eq(certificates.userId, id), eq(certificates.status, 'valid'))),
      db.select({ n: count() }).from(carbonFootprints).where(eq(carbonFootprints.userId, id)),
      db.select({ n: count() }).from(productReviews).where(eq(productReviews.userId, id)),
      db.select({ status: mailingListSubscribers.status }).from(mailingListSubscribers).where(eq(mailingListSubscribers.email, user.email)).limit(1),
    ]);
    return {
      ...summary({ user, orderCount: paid.reduce((n, p) => n + Number(p.orders), 0) }),
      orderCount: Number((await db.select({ n: count() }).from(orders).where(eq(orders.userId, id)))[0]?.n ?? 0),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      lockedAt: user.signInLockedAt?.toISOString() ?? null,
      lockedReason: user.signInLockedReason,
      lockedBy: user.signInLockedBy,
      failedLoginLockedUntil: user.lockedUntil && user.lockedUntil > ctx.now() ? user.lockedUntil.toISOString() : null,
      recoveryEmail: user.recoveryEmail,
      phone: user.phone,
      billingAddress: user.billingAddress ?? null,
      currency: user.checkoutDefaultCurrency,
      operatorRole: role?.role ?? null,
      newsletter: subscriber?.status ?? null,
      paid: paid.map((p) => ({ currency: p.currency, amountMinor: Number(p.amountMinor), orders: Number(p.orders) })),
      certificateCount: Number(certs?.n ?? 0),
      footprintCount: Number(prints?.n ?? 0),
      reviewCount: Number(reviews?.n ?? 0),
    };
  }

  app.get('/customers', { config: staff, schema: { ...adminDoc('Search customers by email or name'), querystring: customerListQuerySchema, response: { 200: adminPageSchema(customerSummarySchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const where = and(
      q.q ? or(sql`${users.email} ilike ${escape(q.q)}`, sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${escape(q.q)}`) : undefined,
      q.verified === undefined ? undefined : q.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt),
      q.locked === undefined ? undefined : q.locked ? isNotNull(users.signInLockedAt) : isNull(users.signInLockedAt),
    );
    const column = q.sort === 'email' ? users.email : q.sort === 'name' ? sql`lower(${users.lastName} || ' ' || ${users.firstName})` : users.createdAt;
    const [rows, [total]] = await Promise.all([
      ctx.db.select({ user: users, orderCount }).from(users).where(where).orderBy(q.order === 'asc' ? asc(column) : desc(column), asc(users.id)).limit(q.size).offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(users).where(where),
    ]);
    return { success: true as const, data: rows.map(summary), meta: page(q, Number(total?.n ?? 0)) };
  });

  app.get('/customers/:id', { config: staff, schema: { ...adminDoc('A customer in full'), params: adminIdParamsSchema, response: { 200: dataEnvelope(customerDetailSchema), ...adminErrors } } }, async (request) => ok(await detail(ctx.db, request.params.id)));

  app.get('/customers/:id/orders', { config: staff, schema: { ...adminDoc('A customer’s orders'), params: adminIdParamsSchema, querystring: customerSubListQuerySchema, response: { 200: adminPageSchema(adminOrderSummarySchema), ...adminErrors } } }, async (request) => {
    await userOr404(ctx.db, request.params.id);
    const q = request.query;
    const { data, total } = await orderReads.page(ctx.db, { page: q.page, size: q.size, sort: 'createdAt', order: q.order, customer: request.params.id });
    return { success: true as const, data, meta: page(q, total) };
  });

  app.get('/customers/:id/certificates', { config: staff, schema: { ...adminDoc('A customer’s retirement certificates'), params: adminIdParamsSchema, querystring: customerSubListQuerySchema, response: { 200: adminPageSchema(customerCertificateSchema), ...adminErrors } } }, async (request) => {
    await userOr404(ctx.db, request.params.id);
    const q = request.query;
    const where = eq(certificates.userId, request.params.id);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(certificates).where(where).orderBy(q.order === 'asc' ? asc(certificates.issuedAt) : desc(certificates.issuedAt)).limit(q.size).offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(certificates).where(where),
    ]);
    const data = rows.map((c) => ({ serial: c.serial, orderId: c.orderId, projectName: c.projectName, tonnes: c.tonnesMilli / 1000, beneficiaryName: c.beneficiaryName, status: c.status, issuedAt: c.issuedAt.toISOString() }));
    return { success: true as const, data, meta: page(q, Number(total?.n ?? 0)) };
  });

  app.get('/customers/:id/footprints', { config: staff, schema: { ...adminDoc('A customer’s saved carbon footprints'), params: adminIdParamsSchema, querystring: customerSubListQuerySchema, response: { 200: adminPageSchema(customerFootprintSchema), ...adminErrors } } }, async (request) => {
    await userOr404(ctx.db, request.params.id);
    const q = request.query;
    const where = eq(carbonFootprints.userId, request.params.id);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(carbonFootprints).where(where).orderBy(q.order === 'asc' ? asc(carbonFootprints.createdAt) : desc(carbonFootprints.createdAt)).limit(q.size).offset((q.page - 1) * q.size),
      ctx.db.select({ n: count() }).from(carbonFootprints).where(where),
    ]);
    const data = rows.map((f) => ({ _id: f.id, kind: f.kind, totalKg: f.total, factorSetYear: f.factorSetYear, createdAt: f.createdAt.toISOString() }));
    return { success: true as const, data, meta: page(q, Number(total?.n ?? 0)) };
  });

  app.get('/customers/:id/businesses', { config: staff, schema: { ...adminDoc('Businesses a customer owns or belongs to'), params: adminIdParamsSchema, querystring: customerSubListQuerySchema, response: { 200: adminPageSchema(customerBusinessSchema), ...adminErrors } } }, async (request) => {
    const id = request.params.id;
    const q = request.query;
    await userOr404(ctx.db, id);
    const [owned, memberships] = await Promise.all([
      ctx.db.select().from(businesses).where(eq(businesses.ownerUserId, id)),
      ctx.db.select({ member: businessMembers, business: businesses }).from(businessMembers).innerJoin(businesses, eq(businesses.id, businessMembers.businessId)).where(eq(businessMembers.userId, id)),
    ]);
    // A person owns or joins a handful of businesses: both lists are read whole, merged and paged here.
    const all = [
      ...owned.map((b) => ({ _id: b.id, name: b.name, businessCode: b.businessCode, role: 'owner', status: 'active', since: b.createdAt.toISOString() })),
      ...memberships.map(({ member, business }) => ({ _id: business.id, name: business.name, businessCode: business.businessCode, role: member.role, status: member.status, since: member.joinedAt.toISOString() })),
    ].sort((a, b) => (q.order === 'asc' ? a.since.localeCompare(b.since) : b.since.localeCompare(a.since)) || a._id.localeCompare(b._id));
    return { success: true as const, data: all.slice((q.page - 1) * q.size, q.page * q.size), meta: page(q, all.length) };
  });

  for (const lock of [true, false]) {
    app.post(
      `/customers/:id/${lock ? 'lock' : 'unlock'}`,
      {
        config: staff,
        schema: { ...adminDoc(lock ? 'Lock sign-in: the account cannot sign in and its sessions end at once' : 'Unlock sign-in'), params: adminIdParamsSchema, ...(lock ? { body: customerLockBodySchema } : {}), response: { 200: dataEnvelope(customerDetailSchema), ...adminErrors } },
      },
      async (request) => {
        const actor = actorOf(request);
        const id = request.params.id;
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
        if (lock && id === actor.userId) throw new AppError('CONFLICT', 'You cannot lock your own account');
        await inAdminTransaction(ctx, async (tx) => {
          const [target] = await tx.select({ user: users, role: operators.role }).from(users).leftJoin(operators, eq(operators.userId, users.id)).where(eq(users.id, id)).for('update', { of: users });
          if (!target) throw notFound('That customer');
          if (lock && target.role && request.operator!.role !== 'owner') throw new AppError('OWNER_REQUIRED', 'Only an owner can lock the account of an operator');
          if (lock === (target.user.signInLockedAt !== null)) throw new AppError('CONFLICT', lock ? 'Sign-in to this account is locked already' : 'Sign-in to this account is not locked');
          await tx
            .update(users)
            .set(lock ? { signInLockedAt: ctx.now(), signInLockedReason: reason, signInLockedBy: actor.email, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: ctx.now() } : { signInLockedAt: null, signInLockedReason: null, signInLockedBy: null, updatedAt: ctx.now() })
            .where(eq(users.id, id));
          if (lock) await mfaRepository.endSessionsOf(tx, id, ctx.now());
          await recordAudit(tx, actor, { action: lock ? 'customer.lock' : 'customer.unlock', entity: 'customer', entityId: id, summary: `${lock ? 'Locked' : 'Unlocked'} sign-in of ${target.user.email}${reason ? `: ${reason}` : ''}`, before: { locked: !lock }, after: { locked: lock, reason } });
        });
        // Its sessions cached in this process end now; other processes' within SESSION_CACHE_MS (decision 0053).
        sessionCache.forget(id);
        return ok(await detail(ctx.db, id), lock ? 'Sign-in locked' : 'Sign-in unlocked');
      },
    );
  }

  app.post('/customers/:id/verification-email', { config: staff, schema: { ...adminDoc('Send the verification mail again (an unverified account)'), params: adminIdParamsSchema, response: { 200: dataEnvelope(customerDetailSchema), ...adminErrors } } }, async (request) => {
    const id = request.params.id;
    const sent = await inAdminTransaction(ctx, async (tx, enqueue) => {
      const user = await userOr404(tx, id);
      if (user.emailVerifiedAt) throw new AppError('USER_ALREADY_VERIFIED', 'This account is verified already');
      const done = await sendVerification(auth, createAuthRepository(tx as unknown as Database), enqueue, user, null);
      if (done) await recordAudit(tx, actorOf(request), { action: 'customer.verification-email', entity: 'customer', entityId: id, summary: `Sent the verification mail to ${user.email} again` });
      return done;
    });
    if (!sent) throw new AppError('RATE_LIMITED', 'A verification mail was sent a moment ago: wait a minute before sending another');
    return ok(await detail(ctx.db, id), 'Verification mail sent');
  });
};
