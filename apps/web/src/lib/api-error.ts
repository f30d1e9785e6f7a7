import type { ErrorEnvelope } from '@app/contract';
import { isErrorCode } from '@app/contract/errors';
import type { ApiResponse } from './api-client.ts';

/** Shown when the request never reached the server (offline, DNS, proxy down). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach Carbonwise. Check your connection and try again.';

/** Shown when an error answer has no message of its own (a proxy page, a 502). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

export type ApiError = Pick<ErrorEnvelope, 'message' | 'fields' | 'loginAttemptCount' | 'lockedUntil' | 'email' | 'isEmailChangeAttemptLeft'> & {
  status: number;
  code: string | null;
};

/**
 * The error envelope in a body, checked field by field as the contract's `errorEnvelopeSchema`
 * does (a test holds the two together), or null when the body is not one. Written without zod:
 * this module is on nearly every page that talks to the API, and importing the schema brought
 * the contract's whole zod barrel (~30 KB gzipped) into pages that validate nothing else.
 */
export function asErrorEnvelope(data: unknown): ErrorEnvelope | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const body = data as Record<string, unknown>;
  if (body.success !== false || typeof body.message !== 'string' || !isErrorCode(body.code)) return null;
  const optional = (key: string, ok: (value: unknown) => boolean) => body[key] === undefined || ok(body[key]);
  const isString = (value: unknown) => typeof value === 'string';
  const isFields = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((list) => Array.isArray(list) && list.every(isString));
  if (
    !optional('requestId', isString) ||
    !optional('fields', isFields) ||
    !optional('loginAttemptCount', Number.isInteger) ||
    !optional('lockedUntil', isString) ||
    !optional('email', isString) ||
    !optional('isEmailChangeAttemptLeft', (value) => typeof value === 'boolean')
  ) {
    return null;
  }
  const { success, message, code, requestId, fields, loginAttemptCount, lockedUntil, email, isEmailChangeAttemptLeft } = body as ErrorEnvelope;
  // Only the envelope's own keys, as the schema's parse keeps them.
  const envelope: ErrorEnvelope = { success, message, code };
  for (const [key, value] of Object.entries({ requestId, fields, loginAttemptCount, lockedUntil, email, isEmailChangeAttemptLeft })) {
    if (value !== undefined) (envelope as Record<string, unknown>)[key] = value;
  }
  return envelope;
}

/** Reads the error envelope of a failed answer; tolerant of bodies that are not one. */
export function readApiError(response: ApiResponse, fallback = GENERIC_ERROR_MESSAGE): ApiError {
  const parsed = asErrorEnvelope(response.data);
  if (parsed) {
    const { message, code, fields, loginAttemptCount, lockedUntil, email, isEmailChangeAttemptLeft } = parsed;
    return { status: response.status, message, code, fields, loginAttemptCount, lockedUntil, email, isEmailChangeAttemptLeft };
  }
  const loose = response.data as { message?: unknown; code?: unknown } | null;
  return {
    status: response.status,
    message: typeof loose?.message === 'string' ? loose.message : fallback,
    code: typeof loose?.code === 'string' ? loose.code : null,
  };
}

/** The server's success message, or a fallback. */
export function successMessage(response: ApiResponse, fallback: string): string {
  const message = (response.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
