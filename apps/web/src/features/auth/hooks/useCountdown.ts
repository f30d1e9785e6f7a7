import { useCallback, useEffect, useState } from 'react';
import { VERIFICATION_COUNTDOWN_SECONDS } from '@app/contract';

/** 299 → "04:59". */
export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

export const COUNTDOWN_MESSAGES = {
  running: 'Please enter the code within this time',
  expired: 'You can request new code now',
  busy: 'Your request is being processed',
} as const;

/** Spec §2.4 messages: a request in flight wins, then the running clock, then "request a new code". */
export function countdownMessage(running: boolean, busy: boolean): string {
  if (busy) return COUNTDOWN_MESSAGES.busy;
  return running ? COUNTDOWN_MESSAGES.running : COUNTDOWN_MESSAGES.expired;
}

const remainingAt = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/**
 * Spec §4 verification countdown: 5 minutes from the moment a code email was sent. The clock is
 * computed from a deadline rather than by counting ticks, so a throttled background tab still
 * shows the right time. At zero it stops and the next start begins again from the full time.
 */
export function useCountdown(startedAt: number | null, totalSeconds: number = VERIFICATION_COUNTDOWN_SECONDS) {
  const [deadline, setDeadline] = useState<number | null>(() =>
    startedAt !== null && remainingAt(startedAt + totalSeconds * 1000, Date.now()) > 0 ? startedAt + totalSeconds * 1000 : null,
  );
  const [remaining, setRemaining] = useState(() => (deadline === null ? 0 : remainingAt(deadline, Date.now())));

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = remainingAt(deadline, Date.now());
      setRemaining(left);
      if (left === 0) setDeadline(null); // stop: the person may now ask for a new code
    };
    tick();
    const handle = setInterval(tick, 250);
    return () => clearInterval(handle);
  }, [deadline]);

  /** (Re)starts the full countdown, from now or from when the email was sent. */
  const start = useCallback(
    (at: number = Date.now()) => {
      const next = at + totalSeconds * 1000;
      setRemaining(remainingAt(next, Date.now()));
      setDeadline(next);
    },
    [totalSeconds],
  );

  /** Ends it early (e.g. the code can no longer be used), so a new code can be requested. */
  const expire = useCallback(() => {
    setDeadline(null);
    setRemaining(0);
  }, []);

  return { remaining, running: deadline !== null, clock: formatMmSs(remaining), start, expire };
}
