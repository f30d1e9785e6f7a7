import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminSessions, auditLog, operatorMfa, operatorRecoveryCodes } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { bearer, login, PASSWORD, registerVerified } from './auth-helpers.ts';
import { ADMIN, adminCall, signedInOperator, totpCode } from './admin-helpers.ts';

/** The second factor, admin sessions, operators and the audit log's immutability (decision 0028). */
const app = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', ADMIN_EMAILS: 'founder@example.com' } });
afterAll(() => app.close());

const verify = (token: string, payload: object) => app.inject({ method: 'POST', url: `${ADMIN}/mfa/verify`, headers: bearer(token), payload });

describe('the second factor', () => {
  it('enrols with an otpauth URI, stores the secret encrypted and the recovery codes hashed', async () => {
    const op = await signedInOperator(app, 'staff', { enrol: false });
    const started = await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment`, headers: bearer(op.signInToken) });
    const enrolment = json(started).data;
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Carbonwise:.+\?.*secret=[A-Z2-7]+/);
    expect(enrolment.otpauthUri).toContain('issuer=Carbonwise');
    const wrong = await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment/confirm`, headers: bearer(op.signInToken), payload: { code: '000000' === totpCode(enrolment.secret) ? '111111' : '000000' } });
    expect([wrong.statusCode, json(wrong).code, Object.keys(json(wrong).fields)]).toEqual([400, 'MFA_CODE_INVALID', ['code']]);
    const confirmed = json(await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment/confirm`, headers: bearer(op.signInToken), payload: { code: totpCode(enrolment.secret) } })).data;
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(Date.parse(confirmed.expiresAt) - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    const [stored] = await app.database.db.select().from(operatorMfa).where(eq(operatorMfa.userId, op.userId));
    expect(stored!.secret).not.toContain(enrolment.secret);
    const codes = await app.database.db.select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, op.userId));
    expect(codes.map((c) => c.codeHash)).not.toContain(confirmed.recoveryCodes[0].replace('-', ''));
    const again = await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment`, headers: bearer(op.signInToken) });
    expect([again.statusCode, json(again).code]).toEqual([409, 'MFA_ALREADY_ENROLLED']);
  });

  it('takes each code once, each recovery code once, and pauses after five wrong codes', async () => {
    const op = await signedInOperator(app, 'staff');
    const code = await op.code();
    expect((await verify(op.signInToken, { code })).statusCode).toBe(200);
    const replay = await verify(op.signInToken, { code });
    expect([replay.statusCode, json(replay).code]).toEqual([400, 'MFA_CODE_INVALID']);
    const recovery = await verify(op.signInToken, { recoveryCode: op.recoveryCodes[0] });
    expect([recovery.statusCode, json(recovery).data.usedRecoveryCode, json(recovery).data.recoveryCodesLeft]).toEqual([200, true, 9]);
    expect(json(await verify(op.signInToken, { recoveryCode: op.recoveryCodes[0] })).code).toBe('MFA_CODE_INVALID');
    // A success resets the count: then five wrong codes in a row pause the checks.
    expect((await verify(op.signInToken, { code: await op.code() })).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(op.signInToken, { code: '999999' })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const paused = await verify(op.signInToken, { code: await op.code() });
    expect([paused.statusCode, json(paused).code]).toEqual([429, 'MFA_TOO_MANY_ATTEMPTS']);
  });

  it('ends admin sessions at 12 hours, at sign-out and when the operator is removed', async () => {
    const owner = await signedInOperator(app, 'owner');
    const staff = await signedInOperator(app, 'staff');
    const call = adminCall(app, staff.token);
    expect((await call('GET', '/products')).statusCode).toBe(200);
    await app.database.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(adminSessions.userId, staff.userId));
    const expired = await call('GET', '/products');
    expect([expired.statusCode, json(expired).code]).toEqual([401, 'ADMIN_SESSION_EXPIRED']);

    const fresh = json(await verify(staff.signInToken, { code: await staff.code() })).data.token;
    expect((await adminCall(app, fresh)('DELETE', '/mfa/session')).statusCode).toBe(200);
    expect(json(await adminCall(app, fresh)('GET', '/products')).code).toBe('ADMIN_SESSION_EXPIRED');

    const third = json(await verify(staff.signInToken, { code: await staff.code() })).data.token;
    const list = json(await adminCall(app, owner.token)('GET', `/operators?q=${encodeURIComponent(staff.email)}`)).data;
    expect((await adminCall(app, owner.token)('DELETE', `/operators/${list[0]._id}`)).statusCode).toBe(200);
    expect((await adminCall(app, third)('GET', '/products')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${ADMIN}/mfa`, headers: bearer(staff.signInToken) })).statusCode).toBe(403);
  });

  it('keeps one owner, and makes ADMIN_EMAILS an owner once the address is verified', async () => {
    const list = json(await adminCall(app, (await signedInOperator(app, 'owner')).token)('GET', '/operators?role=owner&size=100')).data;
    expect(list.find((op: { email: string }) => op.email === 'founder@example.com')).toMatchObject({ role: 'owner', status: 'invited', source: 'config' });
    const founder = await registerVerified(app, { email: 'founder@example.com' });
    const status = json(await app.inject({ method: 'GET', url: `${ADMIN}/mfa`, headers: bearer(founder.token) }));
    expect(status.data.operator.role).toBe('owner');
    expect((await login(app, 'founder@example.com', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied, even with SQL', async () => {
    await signedInOperator(app, 'owner');
    await expect(app.database.db.execute(sql`update ${auditLog} set summary = 'forged'`)).rejects.toThrow();
    await expect(app.database.db.execute(sql`delete from ${auditLog}`)).rejects.toThrow();
    const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.summary, 'forged'));
    expect(row!.n).toBe(0);
  });

  it('filters by actor, action and record', async () => {
    const owner = await signedInOperator(app, 'owner');
    const entries = json(await adminCall(app, owner.token)('GET', `/audit?actor=${encodeURIComponent(owner.email)}&action=mfa.`)).data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['mfa.enrol', 'mfa.enrolment-start']);
    expect(entries[0]).toMatchObject({ source: 'console', actor: { email: owner.email } });
  });
});
