import type { Address, Currency, CurrencyStrength, SessionResponse } from '@app/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** The signed-in account calls of spec §7 (bearer). Each returns `{ status, ok, data }`. */

interface Message<T = undefined> {
  success: true;
  message: string;
  data: T;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string | null;
  selectedCountry: string | null;
}

export const saveProfile = (body: ProfileInput) =>
  apiClient.patch<Message<ProfileInput & { currency: Currency }>>('/v1/save-profile-info', body);

export const saveAddress = (billingAddress: Address) =>
  apiClient.patch<Message<{ billingAddress: Address; currency: Currency }>>('/v1/addresses', { billingAddress });

export const setCurrency = (currency: Currency, level: CurrencyStrength) =>
  apiClient.post<Message<{ currency: Currency; level: CurrencyStrength; changed: boolean }>>('/auth/set-currency', { currency, level });

export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) =>
  apiClient.patch<SessionResponse>('/auth/change-password', body);

export const requestRecoveryEmail = (recoveryEmail: string) =>
  apiClient.patch<Message<{ recoveryEmail: string }>>('/auth/update-recovery-email', { recoveryEmail });

export const confirmRecoveryEmail = (otp: string) =>
  apiClient.patch<Message<{ recoveryEmail: string | null }>>('/auth/recovery-email-otp-verify', { otp });

export const requestPrimaryEmail = (email: string) =>
  apiClient.patch<Message<{ email: string; attemptsLeft: number; isEmailChangeAttemptLeft: boolean }>>('/auth/update-primary-email', { email });

export const confirmPrimaryEmailCode = (otp: string) => apiClient.patch<Message<{ tk: string }>>('/auth/primary-email-otp-verify', { otp });

export const confirmPrimaryEmailPassword = (token: string, password: string) =>
  apiClient.patch<Message<{ email: string }>>('/auth/primary-email-password-verify', { password }, { query: { tk: token } });

export interface DeleteAccountInput {
  password: string;
  confirmation: string;
  reviews: 'keep' | 'delete';
}

/** Deletes the account (issue 25): the password and the typed confirmation; 409 while the person owns a business. */
export const deleteAccount = (body: DeleteAccountInput) =>
  apiClient.post<Message<{ cancelledOrders: number; keptOrders: number; keptReviews: number; deletedReviews: number }>>('/v1/account/delete', body);
