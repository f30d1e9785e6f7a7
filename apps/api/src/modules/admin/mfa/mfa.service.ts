import { MFA_LOCK_MINUTES, MFA_MAX_FAILED_ATTEMPTS, RECOVERY_CODE_COUNT, type AdminSession, type MfaEnrolment, type MfaStatus } from '@app/contract/admin';
import { AppError } from '../../../lib/app-error.ts';
import type { OperatorContext } from '../access/admin-access.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { TOTP_ISSUER, decryptSecret, encryptSecret, matchingStep, newRecoveryCode, newTotp, recoveryCodeHash, secretKey, totpFromBase32 } from './mfa.crypto.ts';
import { mfaRepository as repo, type MfaRow } from './mfa.repository.ts';
import type { Tx } from '../../cart/cart.repository.ts';

/** An enrolment not confirmed within this long must be started again. */
const ENROLMENT_MINUTES = 10;

const self = (op: OperatorContext) => ({ _id: op.userId, email: op.email, firstName: op.firstName, lastName: op.lastName, role: op.role });
const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/**
 * The second factor's rules (decision 0028): enrol with a QR code and confirm with a first
 * code; verify with a code (each works once) or a recovery code (each works once); five wrong
 * codes in a row pause checks for 15 minutes; every success opens an admin session of at most
 * ADMIN_SESSION_HOURS, recorded in the audit log.
 */
export function createMfaService(ctx: AdminContext) {
  const key = secretKey(ctx.config.jwtSecret);

  async function openSession(tx: Tx, op: OperatorContext, actor: Actor, usedRecoveryCode: boolean, action: string, summary: string): Promise<Omit<AdminSession, 'recoveryCodesLeft'>> {
    const expiresAt = new Date(ctx.now().getTime() + ctx.config.adminSessionHours * 3_600_000);
    const sessionId = await repo.startSession(tx, op.userId, expiresAt, usedRecoveryCode);
    await recordAudit(tx, { ...actor, userId: op.userId, email: op.email }, { action, entity: 'operator', entityId: op.operatorId, summary, after: { sessionExpiresAt: expiresAt.toISOString(), usedRecoveryCode } });
    // The token version was read with the session (the access hook): a password change since then ends it.
    const tokenVersion = await repo.tokenVersion(tx, op.userId);
    const token = await ctx.adminSigner.sign({ sub: op.userId, sid: sessionId, tv: tokenVersion, expiresAt });
    return { token, expiresAt: expiresAt.toISOString(), operator: self(op), usedRecoveryCode };
  }

  function assertNotLocked(row: MfaRow) {
    if (row.lockedUntil && row.lockedUntil > ctx.now()) {
      throw new AppError('MFA_TOO_MANY_ATTEMPTS', `Too many wrong codes. Try again after ${row.lockedUntil.toISOString().slice(11, 16)} UTC`, { extra: { lockedUntil: row.lockedUntil.toISOString() } });
    }
  }

  async function wrongCode(userId: string, field: 'code' | 'recoveryCode'): Promise<never> {
    const counted = await repo.countFailure(ctx.db, userId, MFA_MAX_FAILED_ATTEMPTS, minutesFrom(ctx.now(), MFA_LOCK_MINUTES));
    if (counted.lockedUntil && counted.lockedUntil > ctx.now()) {
      throw new AppError('MFA_TOO_MANY_ATTEMPTS', `Too many wrong codes. Code checks are paused for ${MFA_LOCK_MINUTES} minutes`, { extra: { lockedUntil: counted.lockedUntil.toISOString() } });
    }
    const message = field === 'code' ? 'That code is not right, or was used already. Enter the code your app shows now' : 'That recovery code is not right, or was used already';
    throw new AppError('MFA_CODE_INVALID', message, { fields: { [field]: [message] } });
  }

  async function newCodes(tx: Tx, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
    return codes;
  }

  return {
    async status(op: OperatorContext): Promise<MfaStatus> {
      const row = await repo.find(ctx.db, op.userId);
      return {
        operator: self(op),
        enrolled: Boolean(row?.enrolledAt),
        enrolledAt: row?.enrolledAt?.toISOString() ?? null,
        recoveryCodesLeft: await repo.recoveryCodesLeft(ctx.db, op.userId),
        sessionVerified: op.sessionId !== null,
        sessionExpiresAt: op.sessionExpiresAt?.toISOString() ?? null,
      };
    },

    async beginEnrolment(op: OperatorContext, actor: Actor): Promise<MfaEnrolment> {
      const existing = await repo.find(ctx.db, op.userId);
      if (existing?.enrolledAt) throw new AppError('MFA_ALREADY_ENROLLED', 'Your authenticator app is set up already. An owner can reset it if you lost it');
      const totp = newTotp(op.email);
      const expiresAt = minutesFrom(ctx.now(), ENROLMENT_MINUTES);
      await inAdminTransaction(ctx, async (tx) => {
        await repo.savePending(tx, op.userId, encryptSecret(key, totp.secret.base32), expiresAt);
        await recordAudit(tx, actor, { action: 'mfa.enrolment-start', entity: 'operator', entityId: op.operatorId, summary: `${op.email} started setting up an authenticator app` });
      });
      return { otpauthUri: totp.toString(), secret: totp.secret.base32, issuer: TOTP_ISSUER, label: op.email, digits: 6, period: 30, algorithm: 'SHA1', expiresAt: expiresAt.toISOString() };
    },

    async confirmEnrolment(op: OperatorContext, actor: Actor, code: string): Promise<AdminSession> {
      const row = await repo.find(ctx.db, op.userId);
      if (row?.enrolledAt) throw new AppError('MFA_ALREADY_ENROLLED', 'Your authenticator app is set up already');
      if (!row?.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt <= ctx.now()) {
        throw new AppError('MFA_CODE_INVALID', 'The set-up has expired. Start again to get a new QR code', { fields: { code: ['start the set-up again'] } });
      }
      assertNotLocked(row);
      const step = matchingStep(totpFromBase32(decryptSecret(key, row.pendingSecret)), code, ctx.now());
      if (step === null) return wrongCode(op.userId, 'code');
      const result = await inAdminTransaction(ctx, async (tx) => {
        if (!(await repo.confirm(tx, op.userId, step, ctx.now()))) throw new AppError('MFA_ALREADY_ENROLLED', 'Your authenticator app is set up already');
        const recoveryCodes = await newCodes(tx, op.userId);
        const session = await openSession(tx, op, actor, false, 'mfa.enrol', `${op.email} set up an authenticator app and opened a console session`);
        return { ...session, recoveryCodes, recoveryCodesLeft: recoveryCodes.length };
      });
      return result;
    },

    async verify(op: OperatorContext, actor: Actor, body: { code?: string; recoveryCode?: string }): Promise<AdminSession> {
      const row = await repo.find(ctx.db, op.userId);
      if (!row?.enrolledAt || !row.secret) throw new AppError('MFA_ENROLMENT_REQUIRED', 'Set up your authenticator app to open the console');
      assertNotLocked(row);
      const now = ctx.now();
      if (body.code !== undefined) {
        const step = matchingStep(totpFromBase32(decryptSecret(key, row.secret)), body.code, now);
        if (step === null || !(await repo.useStep(ctx.db, op.userId, step))) return wrongCode(op.userId, 'code');
      } else if (!(await repo.useRecoveryCode(ctx.db, op.userId, recoveryCodeHash(body.recoveryCode ?? ''), now))) {
        return wrongCode(op.userId, 'recoveryCode');
      }
      const usedRecovery = body.code === undefined;
      const session = await inAdminTransaction(ctx, (tx) =>
        openSession(tx, op, actor, usedRecovery, 'mfa.verify', `${op.email} opened a console session${usedRecovery ? ' with a recovery code' : ''}`),
      );
      return { ...session, recoveryCodesLeft: await repo.recoveryCodesLeft(ctx.db, op.userId) };
    },

    async renewRecoveryCodes(op: OperatorContext, actor: Actor): Promise<{ recoveryCodes: string[] }> {
      const recoveryCodes = await inAdminTransaction(ctx, async (tx) => {
        const codes = await newCodes(tx, op.userId);
        await recordAudit(tx, actor, { action: 'mfa.recovery-codes', entity: 'operator', entityId: op.operatorId, summary: `${op.email} made new recovery codes (the old ones no longer work)` });
        return codes;
      });
      return { recoveryCodes };
    },

    async signOut(op: OperatorContext, actor: Actor): Promise<void> {
      await inAdminTransaction(ctx, async (tx) => {
        if (op.sessionId) await repo.endSession(tx, op.sessionId, ctx.now());
        await recordAudit(tx, actor, { action: 'mfa.sign-out', entity: 'operator', entityId: op.operatorId, summary: `${op.email} signed out of the console` });
      });
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;

