import { useState } from 'react';
import type { ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';

type WithBody<T> = ApiResponse<T> & { data: T };

/**
 * What counts as success: a 200 by default; 'body' a 200 with a body to read; 'token' a 200 with
 * a session token (login, verification, password change); or a test of its own.
 */
export type SuccessTest<T> = 'body' | 'token' | ((response: ApiResponse<T>) => boolean);

/** What onSuccess receives: with 'body' or 'token' the body is known to be there. */
type Succeeded<T, C> = C extends 'body' | 'token' ? WithBody<T> : ApiResponse<T>;

/**
 * How a form treats the answer to its request. The API client answers every HTTP status with
 * `{ status, ok, data }` and throws only when the request never arrived, so there are three
 * outcomes: success, a failure the server explained, and no answer at all.
 */
export interface SubmitHandlers<T, C extends SuccessTest<T> = (response: ApiResponse<T>) => boolean> {
  /** What counts as success (see SuccessTest); a 200 when left out. */
  success?: C;
  onSuccess: (response: Succeeded<T, C>) => unknown;
  /** For the failures a form treats specially (a code, a lockout): true when handled, so nothing more is shown. */
  onFailure?: (failure: ApiError) => boolean;
  /** Puts the server's `fields` on the form (usually form.applyServerFields): true when they landed. */
  applyFields?: (fields: ApiError['fields']) => boolean;
}

function succeeded<T>(response: ApiResponse<T>, test: SuccessTest<T> | undefined): boolean {
  if (typeof test === 'function') return test(response);
  if (response.status !== 200) return false;
  if (test === 'body') return Boolean(response.data);
  if (test === 'token') return Boolean((response.data as { token?: unknown } | null)?.token);
  return true;
}

/**
 * Sends one request and handles its answer. Resolves to the message to show, or null when it
 * worked, a handler dealt with it, or the problem went onto the form's fields. Used directly by
 * callers whose own UI shows the busy state (a code entry's "Send a new code").
 */
export async function attempt<T, C extends SuccessTest<T> = (response: ApiResponse<T>) => boolean>(
  send: () => Promise<ApiResponse<T>>,
  handlers: SubmitHandlers<T, C>,
): Promise<string | null> {
  let response: ApiResponse<T>;
  try {
    response = await send();
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
  if (succeeded(response, handlers.success)) {
    // succeeded() checked what the test promises onSuccess (a body for 'body' and 'token').
    await handlers.onSuccess(response as Succeeded<T, C>);
    return null;
  }
  const failure = readApiError(response);
  if (handlers.onFailure?.(failure)) return null;
  return handlers.applyFields?.(failure.fields) ? null : failure.message;
}

export interface RunOptions<K> {
  /** Which action is sending, for forms with more than one (a link or a code, verify or resend). */
  busy?: K;
  /** Leave `sending` up after a success that leads away (signed in, popup closing), so nothing can be sent twice. */
  keepSending?: boolean;
  /** Where a message goes instead of `error` (e.g. also emptying the code boxes). */
  showError?: (message: string) => void;
}

/**
 * The submit state every form shares: `sending` while a request is out (`K` names the action when
 * there are several), and `error`, the message above the button. `run` clears the error, sends,
 * and shows whatever message `attempt` resolves to.
 */
export function useSubmit<K = true>() {
  const [sending, setSending] = useState<K | false>(false);
  const [error, setError] = useState<string | null>(null);

  const run = async <T, C extends SuccessTest<T> = (response: ApiResponse<T>) => boolean>(
    send: () => Promise<ApiResponse<T>>,
    { busy = true as K, keepSending = false, showError = setError, ...handlers }: SubmitHandlers<T, C> & RunOptions<K>,
  ) => {
    setSending(busy);
    setError(null);
    let done = false;
    try {
      const message = await attempt<T, C>(send, {
        ...handlers,
        onSuccess: (response) => {
          done = true;
          return handlers.onSuccess(response);
        },
      });
      if (message !== null) showError(message);
    } finally {
      if (!(keepSending && done)) setSending(false);
    }
  };

  return { sending, error, setError, run };
}
