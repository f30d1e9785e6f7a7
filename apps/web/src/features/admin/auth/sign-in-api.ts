import type { AdminSession, MfaEnrolment, MfaStatus, MfaVerifyBody } from '@app/contract/admin';
import { adminCall, adminRequest } from '../api/admin-client.ts';
import { readApiError } from '../../../lib/api-error.ts';

/** The second-factor calls (`mfa`), made with the shop's sign-in token (decision 0028). */
export type SignInStatus = { step: 'password' } | { step: 'not-operator'; message: string } | { step: 'enrol' | 'code'; status: MfaStatus };

export async function readSignInStatus(): Promise<SignInStatus> {
  const response = await adminRequest<{ data: MfaStatus }>('GET', 'mfa', { sessionToken: true });
  if (response.ok && response.data) return { step: response.data.data.enrolled ? 'code' : 'enrol', status: response.data.data };
  const error = readApiError(response);
  if (response.status === 401) return { step: 'password' };
  if (response.status === 403) return { step: 'not-operator', message: error.message };
  throw new Error(error.message);
}

export const startEnrolment = () => adminCall<{ data: MfaEnrolment }>('POST', 'mfa/enrolment', { sessionToken: true }).then((body) => body.data);
export const confirmEnrolment = (code: string) => adminCall<{ data: AdminSession }>('POST', 'mfa/enrolment/confirm', { sessionToken: true, body: { code } }).then((body) => body.data);
export const verifySecondFactor = (body: MfaVerifyBody) => adminCall<{ data: AdminSession }>('POST', 'mfa/verify', { sessionToken: true, body }).then((answer) => answer.data);
