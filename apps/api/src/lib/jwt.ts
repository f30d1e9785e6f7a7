import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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
    return this.verifySync(token);
  }

  /**
   * HS256 checked with node:crypto (decision 0053): a few microseconds where jose's WebCrypto
   * path costs tens, on every signed-in request. Same rules as before: header alg exactly HS256,
   * the signature compared in constant time, issuer, exp/iat/sub/jti required, exp and nbf with
   * CLOCK_SKEW_SECONDS of tolerance.
   */
  verifySync(token: string): { ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' } {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'invalid' };
    const [head, body, signature] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let payload: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (!header || typeof header !== 'object' || header.alg !== 'HS256' || header.crit !== undefined) return { ok: false, reason: 'invalid' };
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, reason: 'invalid' };
    const expected = createHmac('sha256', this.key).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const { sub, tv, jti, iat, exp, iss, nbf } = payload;
    if (iss !== ISSUER) return { ok: false, reason: 'invalid' };
    if (typeof sub !== 'string' || typeof tv !== 'number' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const now = Date.now() / 1000;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now + CLOCK_SKEW_SECONDS)) return { ok: false, reason: 'invalid' };
    if (exp <= now - CLOCK_SKEW_SECONDS) return { ok: false, reason: 'expired' };
    if (iat > now + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
    if (exp - iat > this.ttlSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
    if (now - iat > this.ttlSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { sub, tv, jti, iat, exp } };
  }
}
