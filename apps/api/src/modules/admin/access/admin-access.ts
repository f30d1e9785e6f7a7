import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@app/contract/admin';
import { AppError } from '../../../lib/app-error.ts';
import { bearerToken, resolveUser, type AuthDeps } from '../../../plugins/auth.ts';
import type { AdminAccessRepository } from './admin-access.repository.ts';
import { looksLikeAdminToken, type AdminTokenSigner } from './admin-token.ts';

/** The operator making an admin request (`request.operator`). */
export interface OperatorContext {
  userId: string;
  operatorId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OperatorRole;
  /** The admin session, when the request carried an admin token (it passed the second factor). */
  sessionId: string | null;
  sessionExpiresAt: Date | null;
  mfaEnrolled: boolean;
  /** The sign-in session's token id, when the request carried a sign-in token. */
  signInSessionId: string | null;
}

/** Who may call an admin route: the least role, and which token it takes (decision 0028). */
export interface AdminRouteAccess {
  role: OperatorRole;
  /** 'sign-in': the ordinary sign-in token is enough (the second-factor routes); 'admin': the admin token only. */
  session: 'sign-in' | 'admin';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    admin?: AdminRouteAccess;
  }
  interface FastifyRequest {
    operator: OperatorContext | null;
  }
}

export interface AdminAccessDeps extends AuthDeps {
  adminSigner: AdminTokenSigner;
  repo: AdminAccessRepository;
  now?: () => Date;
}

const signIn = () => new AppError('UNAUTHENTICATED', 'Please sign in to the console');
const sessionOver = () => new AppError('ADMIN_SESSION_EXPIRED', 'Your console session has ended. Enter a code from your authenticator app to continue');
const notOperator = () => new AppError('FORBIDDEN', 'This account is not an operator of the shop');

/**
 * Admin routes (`config.admin`) get this hook first among their request hooks, as signed-in
 * routes get theirs (plugins/auth.ts): the global rate limit goes before it, a route's own
 * stricter limit after. It answers 401 without a valid token, 403 for an account that is not an
 * operator, 401 MFA_REQUIRED / MFA_ENROLMENT_REQUIRED for an operator without the admin session
 * the route needs, and 403 OWNER_REQUIRED for staff on an owner's route.
 */
export function registerAdminAccess(app: FastifyInstance, deps: AdminAccessDeps) {
  app.decorateRequest('operator', null);
  const now = deps.now ?? (() => new Date());

  async function fromAdminToken(token: string): Promise<OperatorContext> {
    const verified = await deps.adminSigner.verify(token);
    if (!verified.ok) throw verified.reason === 'expired' ? sessionOver() : signIn();
    const { sub, sid, tv } = verified.claims;
    if (!/^[0-9a-f-]{36}$/i.test(sid) || !/^[0-9a-f-]{36}$/i.test(sub)) throw signIn();
    const row = await deps.repo.session(sid, sub);
    if (!row || row.endedAt || row.expiresAt <= now() || row.user.tokenVersion !== tv || row.user.signInLockedAt) throw sessionOver();
    if (!row.role || !row.operatorId) throw notOperator();
    const { user } = row;
    return { userId: user.id, operatorId: row.operatorId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: row.role, sessionId: sid, sessionExpiresAt: row.expiresAt, mfaEnrolled: true, signInSessionId: null };
  }

  async function fromSignInToken(token: string): Promise<OperatorContext> {
    const resolved = await resolveUser(token, deps);
    if (!resolved.ok) throw resolved.reason === 'expired' ? new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again') : signIn();
    const account = resolved.user.account;
    if (account.signInLockedAt) throw signIn();
    const operator = await deps.repo.operatorOf(account);
    if (!operator) throw notOperator();
    return {
      userId: account.id,
      operatorId: operator.operatorId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: operator.role,
      sessionId: null,
      sessionExpiresAt: null,
      mfaEnrolled: operator.mfaEnrolled,
      signInSessionId: resolved.user.sessionId,
    };
  }

  const authenticate = async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.admin;
    if (!access) return;
    const token = bearerToken(request);
    if (!token) throw signIn();
    const operator = looksLikeAdminToken(token) ? await fromAdminToken(token) : await fromSignInToken(token);
    if (access.session === 'admin' && !operator.sessionId) {
      throw operator.mfaEnrolled
        ? new AppError('MFA_REQUIRED', 'Enter a code from your authenticator app to open the console')
        : new AppError('MFA_ENROLMENT_REQUIRED', 'Set up your authenticator app to open the console');
    }
    if (access.role === 'owner' && operator.role !== 'owner') throw new AppError('OWNER_REQUIRED', 'Only an owner of the shop can do this');
    request.operator = operator;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.admin) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [authenticate, ...own];
  });
}
