import type { FastifyRequest } from 'fastify';
import { auditLog } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import type { Database } from '../../../db/client.ts';

/**
 * Who makes an operator write: an operator through the console (with the request id), the
 * command line, or the shop itself (ADMIN_EMAILS at start-up). Every admin service write takes
 * one and records an audit row in the same transaction as the write.
 */
export interface Actor {
  userId: string | null;
  email: string;
  source: 'console' | 'cli' | 'system';
  requestId: string | null;
}

export interface AuditEntry {
  /** `<entity>.<verb>`: product.update, stock.adjust, review.hide… */
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The operator who made this request (routes behind the admin access hook only). */
export function actorOf(request: FastifyRequest): Actor {
  const operator = request.operator;
  if (!operator) throw new Error('actorOf called on a request without an operator');
  return { userId: operator.userId, email: operator.email, source: 'console', requestId: request.id };
}

/** Writes one audit row inside the caller's transaction: it commits with the write, or neither does. */
export async function recordAudit(tx: Tx | Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    source: actor.source,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    summary: entry.summary.slice(0, 1000),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
  });
}

/**
 * The fields that differ between two views of a record, each side holding only those: what the
 * audit row keeps. Values are compared as JSON, so arrays and objects compare by content.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}
