import type { FastifyInstance } from 'fastify';
import { TOTP, Secret } from 'otpauth';
import { eq } from 'drizzle-orm';
import { operatorMfa, operators } from '../src/db/schema/index.ts';
import { json } from './helper.ts';
import { bearer, registerVerified } from './auth-helpers.ts';

export const ADMIN = '/api/admin/v1';

export interface TestOperator {
  email: string;
  userId: string;
  /** The ordinary sign-in token. */
  signInToken: string;
  /** The admin token (after the second factor). */
  token: string;
  secret: string;
  recoveryCodes: string[];
  /**
   * A code of the operator's authenticator app for now. A code works once per 30-second step, so
   * this forgets the last step used (as if the next step had come) before answering.
   */
  code(): Promise<string>;
}

/** The code an authenticator app with this secret shows `offsetSteps` × 30 s from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Makes an account an operator as `admin:grant` does (a row in operators). */
export async function grantRole(app: FastifyInstance, email: string, role: 'owner' | 'staff') {
  await app.database.db.insert(operators).values({ email, role, source: 'cli' }).onConflictDoUpdate({ target: operators.email, set: { role } });
}

/** A verified account with a role, enrolled in TOTP, holding an admin token. */
export async function signedInOperator(app: FastifyInstance, role: 'owner' | 'staff' = 'owner', options: { enrol?: boolean } = {}): Promise<TestOperator> {
  const account = await registerVerified(app);
  await grantRole(app, account.email, role);
  const base = { email: account.email, userId: account.user._id as string, signInToken: account.token };
  if (options.enrol === false) return { ...base, token: '', secret: '', recoveryCodes: [], code: async () => '000000' };
  const enrolment = await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment`, headers: bearer(account.token) });
  if (enrolment.statusCode !== 201) throw new Error(`enrolment failed: ${enrolment.body}`);
  const secret = json(enrolment).data.secret as string;
  const confirmed = await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment/confirm`, headers: bearer(account.token), payload: { code: totpCode(secret) } });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  const session = json(confirmed).data;
  const code = async () => {
    await app.database.db.update(operatorMfa).set({ lastUsedStep: null }).where(eq(operatorMfa.userId, base.userId));
    return totpCode(secret);
  };
  return { ...base, token: session.token, secret, recoveryCodes: session.recoveryCodes, code };
}

/** An inject with the operator's admin token. */
export function adminCall(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({ method, url: `${ADMIN}${path}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}
