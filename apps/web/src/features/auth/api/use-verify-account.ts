import { useQuery } from '@tanstack/react-query';
import { readApiError } from '../../../lib/api-error.ts';
import { verifyAccountLink } from './auth-api.ts';

export type VerifyAccountResult =
  | { state: 'verified'; message: string; email: string }
  /** Competing sign-ups used this email: it is verified, and the verifier now chooses the password. */
  | { state: 'choose-password'; message: string; email: string; resetToken: string }
  | { state: 'already-verified'; message: string }
  | { state: 'invalid'; message: string };

const INVALID_LINK = 'This verification link is invalid or has expired. Please request a new one.';

async function verify(token: string): Promise<VerifyAccountResult> {
  const response = await verifyAccountLink(token);
  if (response.status === 200 && response.data) {
    const data = response.data.data;
    if ('choosePassword' in data && data.choosePassword) {
      return { state: 'choose-password', message: response.data.message, email: data.email, resetToken: data.resetToken };
    }
    return { state: 'verified', message: response.data.message, email: response.data.data.email };
  }
  const failure = readApiError(response, INVALID_LINK);
  if (failure.code === 'USER_ALREADY_VERIFIED') return { state: 'already-verified', message: failure.message };
  return { state: 'invalid', message: failure.status === 400 ? failure.message : INVALID_LINK };
}

/**
 * `GET auth/verify-account?tk=` for the link in the email. The token works once, so the answer
 * is cached for good and never retried: a second call would only say "already verified".
 */
export function useVerifyAccount(token: string | null) {
  return useQuery({
    queryKey: ['verify-account', token],
    queryFn: () => verify(token!),
    enabled: Boolean(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
