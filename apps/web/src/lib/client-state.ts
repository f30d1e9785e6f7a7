/**
 * One switch to reset all client state (spec §4: forced logout resets user, cart, sustainability
 * and business-sustainability state). Each slice registers its own reset here, so the API client
 * and the session check can clear everything without importing every feature.
 */
type Reset = () => void;

const resets = new Set<Reset>();

/** Registers a slice's reset; returns a function that unregisters it. */
export function registerClientStateReset(reset: Reset): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function resetClientState(): void {
  for (const reset of [...resets]) {
    try {
      reset();
    } catch (error) {
      // One broken slice must not stop the others (or the logout) from resetting.
      console.error('A client state reset failed', error);
    }
  }
}
