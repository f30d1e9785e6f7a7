import { SignJWT, jwtVerify, errors } from 'jose';

/** Session tokens: HS256 JWTs carrying the user id and the user's token version. */
export interface SessionClaims {
  sub: string;
  /** The user's token version when the token was issued; a password change bumps it. */
  tv: number;
  /** Expiry, seconds since the epoch (set when verified). */
  exp?: number;
}

const ISSUER = 'carbonwise';

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or a reason why the token is not acceptable. */
  async verify(token: string): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { sub: payload.sub, tv: payload.tv, exp: payload.exp } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
