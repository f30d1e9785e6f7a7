import { act } from 'react';
import { flush } from './dom.ts';

/** How long `until` keeps trying: a lazy chunk (recharts) can take seconds on a busy machine. */
const UNTIL_TIMEOUT_MS = 5_000;

/**
 * Flushes inside act() until `check` passes: a query's answer then lands within act, never
 * between polls as with vi.waitFor, so React does not warn about it. The first rounds only flush
 * promises; later ones also let real time pass (lazy imports resolve on the module loader's clock).
 */
export async function until(check: () => void): Promise<void> {
  const deadline = Date.now() + UNTIL_TIMEOUT_MS;
  for (let round = 0; Date.now() < deadline; round++) {
    await flush(2);
    try {
      check();
      return;
    } catch {
      // Not yet: flush again, waiting a little once the quick rounds are spent.
      if (round >= 40) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
    }
  }
  check();
}
