/**
 * The sign-up proof (decision 0005): `POST auth/register` answers a random value that only this
 * browser received. Verifying the email with it keeps the password typed at sign-up and signs in;
 * without it (another browser, or someone else's sign-up) the verifier chooses the password.
 *
 * Kept in localStorage, not sessionStorage: the "Verify email" link opens in a new tab, which has
 * sessionStorage of its own. One proof at a time — register clears the stored values first
 * (spec §4) — so it is not among STORAGE_KEYS_KEPT_ON_LOGIN: signing in or out forgets it, and a
 * verification after that asks for the password, which is safe. It is sent only to the two
 * verification calls and forgotten once a verification has answered.
 */
const KEY = 'signUpProof';

interface StoredProof {
  email: string;
  proof: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function keepSignUpProof(email: string, proof: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ email, proof } satisfies StoredProof));
  } catch {
    /* storage unavailable: verifying will ask for the password, which is safe */
  }
}

/** The stored proof, whatever its email (the link page does not know the address before asking). */
export function storedSignUpProof(): StoredProof | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<StoredProof> | null;
    return typeof value?.email === 'string' && typeof value.proof === 'string' ? { email: value.email, proof: value.proof } : undefined;
  } catch {
    return undefined;
  }
}

/** The proof of a sign-up of this email in this browser, if any. */
export function signUpProofFor(email: string): string | undefined {
  const stored = storedSignUpProof();
  return stored && sameEmail(stored.email, email) ? stored.proof : undefined;
}

/** Forgets the proof once a verification of its email has answered (it cannot be used again). */
export function forgetSignUpProof(email: string): void {
  try {
    if (signUpProofFor(email) !== undefined) localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: nothing stored */
  }
}
