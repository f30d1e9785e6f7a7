import { useCallback, useRef, useState } from 'react';
import { NEWSLETTER_SUCCESS_STATUSES } from '@app/contract/constants';
import { NEWSLETTER_INVALID_EMAIL, isNewsletterEmail, normaliseNewsletterEmail } from '@app/contract/mailing-list-rules';
import { subscribeToNewsletter } from '../api/subscribe.ts';
import { markNewsletterHandled } from '../popup-flag.ts';

/**
 * The subscribe form's state (spec §2.1, §4, §8):
 * - `sending` while the call is out;
 * - `error` (red): an invalid email ('Please enter a valid email', `invalid` set) or any status
 *   other than 200/201/409, with the server's message;
 * - `success` (green, the server's message): 200/201/409. `next` says what the popup shows:
 *   the verify step for a new subscriber (200 without existingUser), OK-only otherwise.
 */
export type NewsletterStatus = 'idle' | 'sending' | 'error' | 'success';
export type NewsletterNext = 'verify' | 'ok-only' | null;

export interface NewsletterState {
  status: NewsletterStatus;
  message: string;
  invalid: boolean;
  next: NewsletterNext;
}

const IDLE: NewsletterState = { status: 'idle', message: '', invalid: false, next: null };
const FALLBACK_ERROR = 'Something went wrong. Please try again.';
const OFFLINE_ERROR = 'We could not reach the server. Please check your connection and try again.';

export function useNewsletterSubscribe() {
  const [state, setState] = useState<NewsletterState>(IDLE);
  const lastEmail = useRef('');
  const inFlight = useRef(false);

  /** Submits an address; resolves with the state it ends in (undefined when a call was already out). */
  const subscribe = useCallback(async (rawEmail: string): Promise<NewsletterState | undefined> => {
    if (inFlight.current) return undefined;
    const finish = (next: NewsletterState) => {
      setState(next);
      return next;
    };
    const email = normaliseNewsletterEmail(rawEmail);
    if (!isNewsletterEmail(email)) return finish({ status: 'error', message: NEWSLETTER_INVALID_EMAIL, invalid: true, next: null });
    lastEmail.current = email;
    inFlight.current = true;
    setState({ status: 'sending', message: 'Sending…', invalid: false, next: null });
    try {
      const answer = await subscribeToNewsletter(email);
      if (NEWSLETTER_SUCCESS_STATUSES.includes(answer.status as 200 | 201 | 409)) {
        markNewsletterHandled();
        const next: NewsletterNext = answer.status === 200 && !answer.existingUser ? 'verify' : 'ok-only';
        return finish({ status: 'success', message: answer.message ?? 'Thank you!', invalid: false, next });
      }
      return finish({ status: 'error', message: answer.message ?? FALLBACK_ERROR, invalid: answer.status === 400, next: null });
    } catch {
      return finish({ status: 'error', message: OFFLINE_ERROR, invalid: false, next: null });
    } finally {
      inFlight.current = false;
    }
  }, []);

  /** The verify step's "resend": asks again for the same address (within a minute the server says 409). */
  const resend = useCallback(() => subscribe(lastEmail.current), [subscribe]);
  const reset = useCallback(() => setState(IDLE), []);

  return { state, subscribe, resend, reset };
}
