import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor's secrets (decision 0028): TOTP by otpauth (RFC 6238, SHA-1, 6 digits,
 * 30 s), secrets encrypted at rest with AES-256-GCM under a key derived from JWT_SECRET, and
 * recovery codes kept only as SHA-256 hashes.
 */
export const TOTP_ISSUER = 'Carbonwise';
export const TOTP_PERIOD = 30;
/** Codes one step early or late are accepted: phone clocks drift. */
const TOTP_WINDOW = 1;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function secretKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('operator-mfa-secrets').digest();
}

export function newTotp(label: string, secret = new Secret({ size: 20 })): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret });
}

export function totpFromBase32(base32: string): TOTP {
  return newTotp('operator', Secret.fromBase32(base32));
}

/** The time step a code belongs to, or null when it is not valid now (±1 step). */
export function matchingStep(totp: TOTP, code: string, now: Date): number | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A recovery code as shown: ABCDE-23456 (50 bits of chance). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a recovery code: the hash of its ten characters, upper case, no dash. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace('-', '').toUpperCase()).digest('hex');
}
