import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, like, lt, or, sql } from 'drizzle-orm';
import { adminPageSchema, auditEntrySchema, auditListQuerySchema, type AuditEntry } from '@app/contract/admin';
import type { Database } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { adminAccess, adminDoc, adminErrors } from '../admin-route.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * `GET audit` (staff and owners): the audit log, newest first, filtered by actor, action (or all
 * of an entity's actions with `product.`), entity, record, source and days (UTC). Read only: no
 * route writes it but the writes it records, and the database refuses changes to its rows.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/audit', { config: adminAccess(), schema: { ...adminDoc('Read the audit log of operator writes'), querystring: auditListQuerySchema, response: { 200: adminPageSchema(auditEntrySchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const where = and(
      q.actor ? (UUID.test(q.actor) ? or(eq(auditLog.actorUserId, q.actor), eq(auditLog.actorEmail, q.actor.toLowerCase())) : eq(auditLog.actorEmail, q.actor.toLowerCase())) : undefined,
      q.action ? (q.action.endsWith('.') ? like(auditLog.action, `${q.action}%`) : eq(auditLog.action, q.action)) : undefined,
      q.entity ? eq(auditLog.entity, q.entity) : undefined,
      q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
      q.source ? eq(auditLog.source, q.source) : undefined,
      q.from ? gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
      q.to ? lt(auditLog.at, nextDay(q.to)) : undefined,
      q.q ? sql`(${auditLog.summary} ilike ${'%' + q.q.replace(/[\\%_]/g, '\\$&') + '%'} or ${auditLog.actorEmail} ilike ${'%' + q.q.replace(/[\\%_]/g, '\\$&') + '%'})` : undefined,
    );
    const order = q.order === 'asc' ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
    const [rows, [total]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(...order).limit(q.size).offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    const data: AuditEntry[] = rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: { _id: row.actorUserId, email: row.actorEmail },
      source: row.source,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
      requestId: row.requestId,
    }));
    return { success: true as const, data, meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  });
};
