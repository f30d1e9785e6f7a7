import { flush } from './dom.ts';

/**
 * Flushes inside act() until `check` passes (at most 40 rounds): a query's answer then lands
 * within act, never between polls as with vi.waitFor, so React does not warn about it.
 */
export async function until(check: () => void): Promise<void> {
  for (let round = 0; round < 40; round++) {
    await flush(2);
    try {
      check();
      return;
    } catch {
      // Not yet: flush again.
    }
  }
  check();
}
