import type { AlreadyVerifiedResponse, Currency, RegisterBody, SessionResponse, VerificationResponse } from '@app/contract';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The public account calls of spec §7. Each returns the client's `{ status, ok, data }` so the
 * caller decides what every status means; only a network failure throws.
 */

export interface MessageResponse {
  success: true;
  message: string;
}

export const login = (body: { userId: string; password: string; temporaryCheckoutCurrency?: Currency }) =>
  apiClient.post<SessionResponse>('auth/login', { ...body, strategy: 'password' });

export const register = (body: RegisterBody) => apiClient.post<MessageResponse & { data: { email: string; signUpProof: string } }>('/auth/register', body);

/**
 * A session when `signUpProof` is this browser's proof of the sign-up, else (no proof, or
 * competing sign-ups) a token for choosing the password; for an account verified already,
 * `data.code` USER_ALREADY_VERIFIED (all status 200, spec §4).
 */
export const verifyRegistrationCode = (email: string, otp: string, signUpProof?: string) =>
  apiClient.patch<VerificationResponse>('/auth/registration-otp-verify', signUpProof ? { email, otp, signUpProof } : { email, otp });

/** Whether a verification's 200 says the account was verified already (spec §4: data.code USER_ALREADY_VERIFIED). */
export function isAlreadyVerified(answer: VerificationResponse): answer is AlreadyVerifiedResponse {
  return 'data' in answer && 'code' in answer.data && answer.data.code === 'USER_ALREADY_VERIFIED';
}

export const resendRegistrationCode = (email: string, checkout?: boolean) =>
  apiClient.patch<MessageResponse>('/auth/resend-otp-register', checkout ? { email, checkout } : { email });

export const resendRegistrationLink = (email: string, origin?: string) =>
  apiClient.patch<MessageResponse>('auth/resend-registration-link', origin ? { email, origin } : { email });

/** Like verifyRegistrationCode: a session with this browser's sign-up proof, else choosing the password. */
export const verifyAccountLink = (token: string, signUpProof?: string) =>
  apiClient.get<VerificationResponse>('/auth/verify-account', { query: signUpProof ? { tk: token, signUpProof } : { tk: token } });

export const sendResetLink = (email: string) => apiClient.post<MessageResponse>('/auth/reset-password-link', { email });

export const sendResetCode = (email: string) => apiClient.patch<MessageResponse>('/auth/otp-reset-password', { email });

export const verifyResetCode = (email: string, otp: string) =>
  apiClient.patch<MessageResponse & { data: { resetToken: string } }>('/auth/otp-verify', { email, otp });

export const resetPassword = (token: string, body: { password: string; confirmPassword: string }) =>
  apiClient.post<MessageResponse & { data: { email: string } }>('/auth/reset-password', body, { query: { tk: token } });
