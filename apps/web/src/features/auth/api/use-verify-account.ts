import { useQuery } from '@tanstack/react-query';
import { readApiError } from '../../../lib/api-error.ts';
import type { SessionGrant } from '../../session/sign-in.ts';
import { forgetSignUpProof, storedSignUpProof } from '../sign-up-proof.ts';
import { isAlreadyVerified, verifyAccountLink } from './auth-api.ts';

export type VerifyAccountResult =
  /** This browser signed up (its sign-up proof matched): verified, and the session to sign in with. */
  | { state: 'verified'; message: string; email: string; grant: SessionGrant }
  /**
   * Verified, and the verifier now chooses the password: the link was opened in a browser that did
   * not sign up (no proof), or competing sign-ups used this email. The message says which.
   */
  | { state: 'choose-password'; message: string; email: string; resetToken: string }
  | { state: 'already-verified'; message: string }
  | { state: 'invalid'; message: string };

const INVALID_LINK = 'This verification link is invalid or has expired. Please request a new one.';

async function verify(token: string): Promise<VerifyAccountResult> {
  // The page cannot know the link's email before asking, so it sends the one proof this browser
  // keeps (if any); the server accepts it only for the account it was issued for.
  const stored = storedSignUpProof();
  const response = await verifyAccountLink(token, stored?.proof);
  if (response.status === 200 && response.data) {
    const answer = response.data;
    // Spec §4: status 200 with data.code USER_ALREADY_VERIFIED means it was verified before.
    if (isAlreadyVerified(answer)) return { state: 'already-verified', message: answer.message };
    if ('token' in answer) {
      forgetSignUpProof(answer.user.email);
      return { state: 'verified', message: answer.message, email: answer.user.email, grant: answer };
    }
    forgetSignUpProof(answer.data.email);
    return { state: 'choose-password', message: answer.message, email: answer.data.email, resetToken: answer.data.resetToken };
  }
  const failure = readApiError(response, INVALID_LINK);
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
