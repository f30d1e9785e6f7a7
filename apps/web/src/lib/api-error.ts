import { errorEnvelopeSchema, type ErrorEnvelope } from '@app/contract';
import type { ApiResponse } from './api-client.ts';

/** Shown when the request never reached the server (offline, DNS, proxy down). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach Carbonwise. Check your connection and try again.';

/** Shown when an error answer has no message of its own (a proxy page, a 502). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

export type ApiError = Pick<ErrorEnvelope, 'message' | 'fields' | 'loginAttemptCount' | 'lockedUntil' | 'email' | 'isEmailChangeAttemptLeft'> & {
  status: number;
  code: string | null;
};

/** Reads the error envelope of a failed answer; tolerant of bodies that are not one. */
export function readApiError(response: ApiResponse, fallback = GENERIC_ERROR_MESSAGE): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(response.data);
  if (parsed.success) {
    const { message, code, fields, loginAttemptCount, lockedUntil, email, isEmailChangeAttemptLeft } = parsed.data;
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
