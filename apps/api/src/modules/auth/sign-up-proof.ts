import { addMinutes, newLinkToken, tokenHash, type AuthContext } from './auth.context.ts';
import type { AuthRepository } from './auth.repository.ts';

/**
 * Sign-up proofs (decision 0005). Proving the mailbox (code or link) shows who controls the
 * email, not who typed the password: someone may sign up `victim@…` alone and the victim, never
 * having signed up, verify it from the mail. So every `POST auth/register` answers a random proof
 * (32 bytes) that only the browser which sent it receives; the account keeps the hash of the proof
 * of each sign-up whose password is the account's. Verifying keeps that password only with such a
 * proof; without one the verifier chooses the password (competing-sign-ups.ts).
 */

/** Long enough for someone who verifies days later; verification retires the proofs anyway. */
const SIGN_UP_PROOF_TTL_DAYS = 30;

/** A new proof; only its hash is stored, and only when it belongs to the account's password. */
export const newSignUpProof = newLinkToken;

/** Stores a proof's hash with the account whose password this sign-up typed. */
export async function keepSignUpProof(ctx: AuthContext, repo: AuthRepository, userId: string, proofHash: string): Promise<void> {
  await repo.insertToken({ userId, purpose: 'sign_up_proof', tokenHash: proofHash, expiresAt: addMinutes(ctx.now(), SIGN_UP_PROOF_TTL_DAYS * 24 * 60) });
}

/** True only for a live proof of a sign-up of this very account (a proof of another email never counts). */
export async function provesSignUp(repo: AuthRepository, userId: string, proof: string | undefined): Promise<boolean> {
  if (!proof) return false;
  return Boolean(await repo.findLiveToken(tokenHash(proof), 'sign_up_proof', userId));
}

export const retireSignUpProofs = (repo: AuthRepository, userId: string) => repo.retireTokens(userId, 'sign_up_proof');
