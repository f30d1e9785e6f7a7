import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { TokenSigner } from '../lib/jwt.ts';
import { sessionCache } from './session-cache.ts';
import type { UserRow, UsersRepository } from '../modules/users/users.repository.ts';

/** The signed-in user, available to handlers as `request.user` on routes with `config.auth`. */
export interface CurrentUser {
  id: string;
  email: string;
  tokenVersion: number;
  tokenExpiresAt: string;
  /** This session's id (the token's jti), which logout revokes. */
  sessionId: string;
  /** The account row the hook already loaded, so handlers need not read it again. */
  account: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: a valid bearer token is required (401 otherwise); 'optional': used when present. */
    auth?: boolean | 'optional';
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Verifies `Authorization: Bearer <JWT>` with jose and loads the user, so a token whose user is
 * gone, whose token version is stale (password changed) or whose session was logged out is refused. Routes opt in through
 * `config: { auth: true }`.
 */
export interface AuthDeps {
  signer: TokenSigner;
  /** Loads the token's user and whether its session was ended by logout (its token id is on the revoked list). */
  users: Pick<UsersRepository, 'findForSession'>;
  /** How long a checked session is kept (decision 0053); 0: every request reads the account. */
  sessionCacheMs?: number;
}

export function registerAuth(app: FastifyInstance, deps: AuthDeps) {
  app.decorateRequest('user', null);

  // Only routes that ask for auth get the hook, so the others (catalog reads, pages) pay nothing
  // for it. It goes first among the route's request hooks, where a global hook would run: before
  // the rate limit, as before.
  const authenticate = async (request: FastifyRequest) => {
    const mode = request.routeOptions.config?.auth;
    if (!mode) return;
    const token = bearerToken(request);
    if (!token) {
      if (mode === 'optional') return;
      throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
    }
    const user = await resolveUser(token, deps);
    if (!user.ok) {
      if (mode === 'optional') return;
      throw new AppError(user.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED', user.reason === 'expired' ? 'Your session has expired. Please log in again' : 'Your session is not valid. Please log in again');
    }
    request.user = user.user;
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // Ahead of the route's own hooks. The rate limit's hook goes around it (plugins/rate-limit.ts):
    // the global limit before it, a route's own stricter limit after it.
    route.onRequest = [authenticate, ...own];
  });
}

type Resolved = { ok: true; user: CurrentUser } | { ok: false; reason: 'expired' | 'invalid' };

export async function resolveUser(token: string, deps: AuthDeps): Promise<Resolved> {
  const cached = sessionCache.get(token);
  if (cached) {
    // In the last third of the entry's life: answered from it, checked again in the background
    // (decision 0072). A session found invalid is dropped, and so is one that could not be read:
    // the next request checks it itself.
    if (cached.checkAgain) {
      checkSession(token, deps, true).then(
        (checked) => void (checked.ok || sessionCache.drop(token)),
        () => sessionCache.drop(token),
      );
    }
    return { ok: true, user: cached.user };
  }
  return checkSession(token, deps);
}

/** Verifies the token, reads the account and its session, and keeps the session if it is valid. */
async function checkSession(token: string, deps: AuthDeps, background = false): Promise<Resolved> {
  const verified = await deps.signer.verify(token);
  if (!verified.ok) return verified;
  if (!UUID.test(verified.claims.sub) || !UUID.test(verified.claims.jti)) return { ok: false, reason: 'invalid' };
  const generation = sessionCache.generation(verified.claims.sub);
  const found = await deps.users.findForSession(verified.claims.sub, verified.claims.jti, background);
  // An account whose sign-in an operator locked has no live session (its token version was bumped too).
  if (!found || found.revoked || found.user.tokenVersion !== verified.claims.tv || found.user.signInLockedAt) return { ok: false, reason: 'invalid' };
  const row = found.user;
  const { jti, exp } = verified.claims;
  const user: CurrentUser = { id: row.id, email: row.email, tokenVersion: row.tokenVersion, tokenExpiresAt: new Date(exp * 1000).toISOString(), sessionId: jti, account: row };
  sessionCache.set(token, user, deps.sessionCacheMs ?? 0, generation);
  return { ok: true, user };
}
