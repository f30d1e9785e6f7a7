import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/ui/useToast.ts';
import { businessKeys } from './api.ts';
import { captureJoinCodes, joinStoredBusiness, storedJoinCode, takeJoinLanding } from './join-codes.ts';

/**
 * The pages a verification lands on (spec §4: employer or business page, by the stored code) use
 * the stored join code on arrival when the sign-in has not used it yet; answers true while joining.
 * A code in the page's own address (`?JoinBusinessCode=`, from a verification email opened in
 * another browser) is stored first, so it is used too.
 */
export function useJoinOnArrival(signedIn: boolean): boolean {
  const [joining, setJoining] = useState(() => {
    if (typeof window !== 'undefined') captureJoinCodes(window.location.search);
    return signedIn && storedJoinCode() !== null;
  });
  const client = useQueryClient();
  const toast = useToast();
  // The session may arrive after the first render (a verification link signs the person in while
  // the page loads): join then, or the page would show no membership until a reload.
  // Once per visit: a join that failed (the code stays stored) is not tried again in a loop.
  const asked = useRef(joining);
  useEffect(() => {
    if (!signedIn || asked.current || storedJoinCode() === null) return;
    asked.current = true;
    setJoining(true);
  }, [signedIn]);
  useEffect(() => {
    if (!joining) return;
    let live = true;
    void joinStoredBusiness().then(async (outcome) => {
      takeJoinLanding();
      if (outcome.problem) toast.error(outcome.problem);
      else if (outcome.landing) toast.success('You joined the business');
      // A membership read the page began alongside the join may answer "none" after the join has
      // answered; a refetch would ride on that read (TanStack reuses an in-flight first fetch), so
      // it is cancelled first and the refetch reads what the join wrote.
      await client.cancelQueries({ queryKey: businessKeys.all });
      await client.invalidateQueries({ queryKey: businessKeys.all });
      if (live) setJoining(false);
    });
    return () => {
      live = false;
    };
  }, [joining, client, toast]);
  return joining;
}
