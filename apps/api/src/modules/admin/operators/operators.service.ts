import type { Operator, OperatorListQuery, OperatorRole } from '@app/contract/admin';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { render } from '../../mail/mail.templates.ts';
import { inAdminTransaction, isUniqueViolation, type AdminContext } from '../admin.context.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { mfaRepository } from '../mfa/mfa.repository.ts';
import { operatorsRepository as repo } from './operators.repository.ts';
import type { Tx } from '../../cart/cart.repository.ts';

type Source = 'config' | 'cli' | 'console';

function inviteMail(p: { role: OperatorRole; consoleUrl: string; hasAccount: boolean; signUpUrl: string }) {
  const what = p.role === 'owner' ? 'an owner' : 'a member of staff';
  return render('operator-invite', `You are now ${what} of the Carbonwise shop`, null, {
    paragraphs: [
      `You have been made ${what} of the Carbonwise shop. You can manage the shop from the operator console.`,
      p.hasAccount
        ? 'Sign in with your usual email and password. The first time, the console asks you to set up an authenticator app (a second factor) for your account.'
        : 'Create an account with this email address and verify it; then sign in to the console. The first time, it asks you to set up an authenticator app (a second factor).',
    ],
    button: p.hasAccount ? { label: 'Open the console', url: p.consoleUrl } : { label: 'Create your account', url: p.signUpUrl },
    footnote: 'If you did not expect this, reply to let the shop know. Nobody can use the console without your password and your authenticator app.',
  });
}

/**
 * Who operates the shop: grant, change, revoke, invite. The shop always keeps one owner (checked
 * under a lock on the owners' rows, so two owners removing each other cannot both succeed).
 * Removing an operator ends their console sessions and forgets their second factor at once.
 */
export function createOperatorsService(ctx: AdminContext) {
  async function grant(tx: Tx, actor: Actor, email: string, role: OperatorRole, source: Source) {
    const existing = await repo.byEmail(tx, email);
    if (existing) {
      if (existing.operator.role === role) return { row: existing.operator, created: false, changed: false };
      if (existing.operator.role === 'owner' && role === 'staff' && (await repo.lockOwners(tx)) <= 1) throw lastOwner();
      const row = (await repo.update(tx, existing.operator.id, { role }))!;
      await recordAudit(tx, actor, { action: 'operator.role', entity: 'operator', entityId: row.id, summary: `${email} is now ${role}`, before: { role: existing.operator.role }, after: { role } });
      return { row, created: false, changed: true };
    }
    const account = await repo.verifiedAccount(tx, email);
    const row = await repo.insert(tx, { email, role, source, userId: account?.id ?? null, invitedByEmail: actor.email });
    await recordAudit(tx, actor, { action: 'operator.grant', entity: 'operator', entityId: row.id, summary: `${email} was made ${role}${account ? '' : ' (takes effect when the address is verified)'}`, after: { email, role, source } });
    return { row, created: true, changed: true };
  }

  const lastOwner = () => new AppError('LAST_OWNER', 'The shop must keep at least one owner: make someone else an owner first');

  async function removeRow(tx: Tx, actor: Actor, found: NonNullable<Awaited<ReturnType<typeof repo.byId>>>) {
    if (found.operator.role === 'owner' && (await repo.lockOwners(tx)) <= 1) throw lastOwner();
    await repo.remove(tx, found.operator.id);
    if (found.userId) {
      await mfaRepository.endSessionsOf(tx, found.userId, ctx.now());
      await mfaRepository.forget(tx, found.userId);
    }
    await recordAudit(tx, actor, { action: 'operator.revoke', entity: 'operator', entityId: found.operator.id, summary: `${found.operator.email} is no longer an operator`, before: { email: found.operator.email, role: found.operator.role } });
  }

  return {
    async list(query: Parameters<typeof repo.list>[1]): Promise<{ data: Operator[]; total: number }> {
      const { rows, total } = await repo.list(ctx.db, query);
      return {
        total,
        data: rows.map(({ operator, user, enrolledAt, lastVerifiedAt }) => ({
          _id: operator.id,
          email: operator.email,
          role: operator.role,
          status: user ? 'active' : 'invited',
          source: operator.source,
          user: user ? { _id: user.id, firstName: user.firstName, lastName: user.lastName } : null,
          mfaEnrolled: Boolean(enrolledAt),
          lastVerifiedAt: lastVerifiedAt?.toISOString() ?? null,
          invitedBy: operator.invitedByEmail,
          createdAt: operator.createdAt.toISOString(),
        })),
      };
    },

    async one(id: string): Promise<Operator> {
      const found = await repo.byId(ctx.db, id);
      if (!found) throw notFound('That operator');
      const page = await this.list({ page: 1, size: 1, sort: 'email', order: 'asc', q: found.operator.email });
      return page.data.find((operator) => operator._id === id)!;
    },

    /** The console's invitation: the role at once (or when the address verifies), and a mail either way. */
    async invite(actor: Actor, email: string, role: OperatorRole): Promise<{ id: string; created: boolean }> {
      try {
        return await inAdminTransaction(ctx, async (tx, enqueue) => {
          const result = await grant(tx, actor, email, role, 'console');
          if (result.changed) {
            const account = await repo.verifiedAccount(tx, email);
            await enqueue(email, inviteMail({ role, hasAccount: Boolean(account), consoleUrl: `${ctx.config.publicUrl}/admin`, signUpUrl: `${ctx.config.publicUrl}/login?mode=register` }));
          }
          return { id: result.row.id, created: result.created };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'That email was just made an operator by someone else');
        throw error;
      }
    },

    /** `admin:grant` and ADMIN_EMAILS: no mail (whoever runs them is the owner or set the config). */
    grant: (actor: Actor, email: string, role: OperatorRole, source: Source) =>
      inAdminTransaction(ctx, async (tx) => {
        const result = await grant(tx, actor, email, role, source);
        return { id: result.row.id, created: result.created, changed: result.changed, active: Boolean(result.row.userId) || Boolean(await repo.verifiedAccount(tx, email)) };
      }),

    async changeRole(actor: Actor, id: string, role: OperatorRole): Promise<void> {
      await inAdminTransaction(ctx, async (tx) => {
        const found = await repo.byId(tx, id);
        if (!found) throw notFound('That operator');
        await grant(tx, actor, found.operator.email, role, found.operator.source);
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await inAdminTransaction(ctx, async (tx) => {
        const found = await repo.byId(tx, id);
        if (!found) throw notFound('That operator');
        await removeRow(tx, actor, found);
      });
    },

    /** `admin:revoke <email>`. */
    async revokeEmail(actor: Actor, email: string): Promise<boolean> {
      return inAdminTransaction(ctx, async (tx) => {
        const found = await repo.byEmail(tx, email);
        if (!found) return false;
        await removeRow(tx, actor, found);
        return true;
      });
    },

    /** An owner resets an operator's second factor (a lost phone): they enrol again at next sign-in. */
    async resetMfa(actor: Actor, id: string): Promise<void> {
      await inAdminTransaction(ctx, async (tx) => {
        const found = await repo.byId(tx, id);
        if (!found) throw notFound('That operator');
        if (found.userId) {
          await mfaRepository.endSessionsOf(tx, found.userId, ctx.now());
          await mfaRepository.forget(tx, found.userId);
        }
        await recordAudit(tx, actor, { action: 'operator.mfa-reset', entity: 'operator', entityId: id, summary: `The authenticator app of ${found.operator.email} was reset; they set it up again at next sign-in` });
      });
    },

    /** ADMIN_EMAILS at start-up: each is an owner (source config). Existing rows keep their role unless they were staff. */
    async syncAdminEmails(emails: readonly string[]): Promise<void> {
      const system: Actor = { userId: null, email: 'ADMIN_EMAILS', source: 'system', requestId: null };
      for (const email of emails) {
        try {
          await inAdminTransaction(ctx, (tx) => grant(tx, system, email, 'owner', 'config'));
        } catch (error) {
          // Two API processes starting at once: the other one made the row.
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
