import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

/** Session tokens: HS256 JWTs carrying the user id, the user's token version and a session id. */
export interface SessionClaims {
  sub: string;
  /** The user's token version when the token was issued; a password change bumps it. */
  tv: number;
  /** This session's id (jti): logout puts it on the revoked list. */
  jti: string;
  /** Issued at and expiry, seconds since the epoch. */
  iat: number;
  exp: number;
}

const ISSUER = 'carbonwise';
/** Clocks of the machines that sign and check may differ a little; no more than this. */
export const CLOCK_SKEW_SECONDS = 60;

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: { sub: string; tv: number }): Promise<string> {
    return new SignJWT({ tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Returns the claims, or a reason why the token is not acceptable. A token must carry exp,
   * iat and jti; iat may not lie in the future (beyond the skew), and no token may live longer
   * than the configured session lifetime, whatever its exp says.
   */
  async verify(token: string): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
      const { sub, tv, jti, iat, exp } = payload;
      if (typeof sub !== 'string' || typeof tv !== 'number' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      const now = Date.now() / 1000;
      if (iat > now + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
      if (exp - iat > this.ttlSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
      if (now - iat > this.ttlSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { sub, tv, jti, iat, exp } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
