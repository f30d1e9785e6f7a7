import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@app/contract';
import { asErrorEnvelope, readApiError } from './api-error.ts';

/** Bodies an error answer may carry: envelopes, near-envelopes and things that are not one. */
const BODIES: unknown[] = [
  { success: false, message: 'Nope', code: 'NOT_FOUND' },
  { success: false, message: 'Check the fields', code: 'VALIDATION_FAILED', requestId: 'r1', fields: { email: ['Enter an email'] } },
  { success: false, message: 'Wrong password', code: 'INVALID_CREDENTIALS', loginAttemptCount: 5 },
  { success: false, message: 'Locked', code: 'ACCOUNT_LOCKED', lockedUntil: '2026-11-24T10:00:00.000Z', extra: 'dropped' },
  { success: false, message: 'Verify first', code: 'EMAIL_NOT_VERIFIED', email: 'a@b.c', isEmailChangeAttemptLeft: true },
  { success: false, message: 'Nope', code: 'MADE_UP_CODE' },
  { success: false, message: 42, code: 'NOT_FOUND' },
  { success: true, message: 'Fine', code: 'NOT_FOUND' },
  { success: false, message: 'Nope', code: 'NOT_FOUND', loginAttemptCount: 1.5 },
  { success: false, message: 'Nope', code: 'NOT_FOUND', loginAttemptCount: '5' },
  { success: false, message: 'Nope', code: 'NOT_FOUND', fields: { email: 'not a list' } },
  { success: false, message: 'Nope', code: 'NOT_FOUND', fields: ['email'] },
  { success: false, message: 'Nope', code: 'NOT_FOUND', isEmailChangeAttemptLeft: 'yes' },
  { success: false, message: 'Nope', code: 'NOT_FOUND', requestId: null },
  '<html>502 Bad Gateway</html>',
  null,
  [],
  42,
];

describe('reading an error envelope without zod', () => {
  it('accepts and refuses exactly what the contract schema does, keeping only its keys', () => {
    for (const body of BODIES) {
      const parsed = errorEnvelopeSchema.safeParse(body);
      expect(asErrorEnvelope(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('falls back to a loose reading, then to the fallback message', () => {
    expect(readApiError({ ok: false, status: 429, data: { success: false, message: 'Locked', code: 'ACCOUNT_LOCKED', loginAttemptCount: 6 } } as never)).toMatchObject({
      status: 429,
      message: 'Locked',
      code: 'ACCOUNT_LOCKED',
      loginAttemptCount: 6,
    });
    expect(readApiError({ ok: false, status: 500, data: { message: 'Plain', code: 'X' } } as never)).toEqual({ status: 500, message: 'Plain', code: 'X' });
    expect(readApiError({ ok: false, status: 502, data: '<html>' } as never, 'Try later')).toEqual({ status: 502, message: 'Try later', code: null });
  });
});
