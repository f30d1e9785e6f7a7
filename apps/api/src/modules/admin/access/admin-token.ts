import { createHmac } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { CLOCK_SKEW_SECONDS } from '../../../lib/jwt.ts';

/** The JWT header `typ` of admin tokens: how the access hook tells them from sign-in tokens. */
export const ADMIN_TOKEN_TYPE = 'admin+jwt';
const ISSUER = 'carbonwise-admin';

export interface AdminClaims {
  sub: string;
  /** The admin session (admin_sessions.id). */
  sid: string;
  /** The user's token version when the session began: a password change ends it. */
  tv: number;
  exp: number;
}

/**
 * Admin tokens (decision 0028): HS256 JWTs signed with a key of their own, derived from
 * JWT_SECRET, so no sign-in token is ever accepted as one and no admin token opens a storefront
 * route. A token never outlives `maxSeconds` (12 hours at most) whatever its claims say.
 */
export class AdminTokenSigner {
  private readonly key: Uint8Array;

  constructor(jwtSecret: string, private readonly maxSeconds: number) {
    this.key = new Uint8Array(createHmac('sha256', jwtSecret).update('admin-sessions').digest());
  }

  sign(claims: { sub: string; sid: string; tv: number; expiresAt: Date }): Promise<string> {
    return new SignJWT({ sid: claims.sid, tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: ADMIN_TOKEN_TYPE })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<{ ok: true; claims: AdminClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, typ: ADMIN_TOKEN_TYPE, requiredClaims: ['exp', 'iat', 'sub'], clockTolerance: CLOCK_SKEW_SECONDS });
      const { sub, sid, tv, iat, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof tv !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return { ok: false, reason: 'invalid' };
      if (exp - iat > this.maxSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { sub, sid, tv, exp } };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** Whether a bearer token says it is an admin token (its signature is checked later, by the signer). */
export function looksLikeAdminToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === ADMIN_TOKEN_TYPE;
  } catch {
    return false;
  }
}
