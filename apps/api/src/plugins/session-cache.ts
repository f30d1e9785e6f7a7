import type { CurrentUser } from './auth.ts';

/**
 * Sessions this process checked in the last few seconds (SESSION_CACHE_MS, decision 0053): the
 * token's signature and the account row with its revocation state, so a burst of requests with
 * one token costs one database read, not one each. Every write to an account in this process
 * (sign-out, password or e-mail change, profile, an operator's lock) forgets that person's
 * entries at once; a change made by another API process is seen when the entry lapses, so a
 * signed-out session stops working everywhere within SESSION_CACHE_MS.
 */
interface Entry {
  user: CurrentUser;
  until: number;
}

const LIMIT = 50_000;
const byToken = new Map<string, Entry>();
const tokensByUser = new Map<string, Set<string>>();

export const sessionCache = {
  get(token: string, now = Date.now()): CurrentUser | undefined {
    const entry = byToken.get(token);
    if (!entry) return undefined;
    if (entry.until <= now || Date.parse(entry.user.tokenExpiresAt) <= now) {
      byToken.delete(token);
      return undefined;
    }
    return entry.user;
  },
  set(token: string, user: CurrentUser, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0) return;
    if (byToken.size >= LIMIT) {
      byToken.clear();
      tokensByUser.clear();
    }
    byToken.set(token, { user, until: now + ttlMs });
    let tokens = tokensByUser.get(user.id);
    if (!tokens) tokensByUser.set(user.id, (tokens = new Set()));
    tokens.add(token);
  },
  /** Every cached session of this person: the next request reads the account again. */
  forget(userId: string): void {
    const tokens = tokensByUser.get(userId);
    if (!tokens) return;
    for (const token of tokens) byToken.delete(token);
    tokensByUser.delete(userId);
  },
};
