import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_AFTER_VERIFICATION_MS } from '@app/contract';
import { signIn, type SessionGrant } from '../../session/sign-in.ts';
import { pathAfterVerification } from '../redirects.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a verified code: sign in exactly as login does, and 1 s later (spec §4, §9) go to the
 * employer or business account page when a join code is stored, else to `next` or home. The
 * target is read before signing in; the join codes survive the sign-in clearing anyway.
 */
export function useCompleteVerification() {
  const navigate = useNavigate();
  return useCallback(
    async (grant: SessionGrant, next?: string | null) => {
      const target = pathAfterVerification(next);
      await Promise.all([signIn(grant), wait(REDIRECT_AFTER_VERIFICATION_MS)]);
      navigate(target, { replace: true });
    },
    [navigate],
  );
}
