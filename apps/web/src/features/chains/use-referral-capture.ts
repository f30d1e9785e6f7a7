import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { captureReferral } from './referral-capture.ts';

/** In the layout: a referral parameter in the address is stored and the page reloads without it (spec §4 Referral). */
export function useReferralCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const rest = captureReferral(location.search);
    if (rest !== null) void navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);
}
