import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, isErrorCode, statusForErrorCode } from './error-codes.ts';
import { errorEnvelopeSchema } from '../common/envelope.ts';

describe('error codes', () => {
  it('maps each code to one HTTP status', () => {
    expect(statusForErrorCode('VALIDATION_FAILED')).toBe(400);
    expect(statusForErrorCode('UNAUTHENTICATED')).toBe(401);
    expect(statusForErrorCode('NOT_FOUND')).toBe(404);
    expect(statusForErrorCode('RATE_LIMITED')).toBe(429);
    expect(statusForErrorCode('INTERNAL_ERROR')).toBe(500);
    expect(ERROR_CODES.length).toBe(Object.keys(ERROR_STATUS).length);
  });

  it('keeps client mistakes out of the 5xx range', () => {
    const fiveHundreds = ERROR_CODES.filter((code) => ERROR_STATUS[code] >= 500);
    expect(fiveHundreds.sort()).toEqual(['INTERNAL_ERROR', 'PAYMENT_PROVIDER_FAILED', 'SERVICE_UNAVAILABLE']);
  });

  it('recognises only codes of the closed list', () => {
    expect(isErrorCode('USER_ALREADY_VERIFIED')).toBe(true);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('validates the failure envelope', () => {
    expect(errorEnvelopeSchema.safeParse({ success: false, message: 'x', code: 'NOT_FOUND' }).success).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ success: false, message: 'x', code: 'MADE_UP' }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ success: false, message: 'x', code: 'VALIDATION_FAILED', fields: { email: ['is required'] } }).success).toBe(true);
  });
});
