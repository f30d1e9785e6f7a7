import type { CurrentUser } from './auth.ts';

/**
 * Sessions this process checked in the last few seconds (SESSION_CACHE_MS, decision 0053): the
 * token's signature and the account row with its revocation state, so a burst of requests with
 * one token costs one database read, not one each. Every write to an account in this process
 * (sign-out, password or e-mail change, profile, an operator's lock) forgets that person's
 * entries at once; a change made by another API process is seen when the entry lapses, so a
 * signed-out session stops working everywhere within SESSION_CACHE_MS.
 *
 * A session in use is checked again before its entry lapses (decision 0072): a request made in
 * the last third of the entry's life is answered from it and starts the check in the background,
 * whose result replaces the entry. So a buyer who keeps shopping never waits for the account read,
 * and the sessions of a burst of buyers do not all lapse, and all read, at the same moment.
 */
interface Entry {
  user: CurrentUser;
  until: number;
  /** From this moment a request starts the background check (two thirds of the entry's life). */
  refreshAt: number;
  refreshing: boolean;
}

/** What the cache holds for a token: the session, and whether the caller should check it again now. */
export interface CachedSession {
  user: CurrentUser;
  /** True once per entry: the caller starts the background check (and no other caller does). */
  checkAgain: boolean;
}

const LIMIT = 50_000;
const byToken = new Map<string, Entry>();
const tokensByUser = new Map<string, Set<string>>();
/**
 * Bumped each time a person's sessions are forgotten. A check that read the account before a
 * write to it must not put back what it read after the write forgot it: `set` is given the
 * generation the check started at and keeps nothing if it has moved since. Writers forget after
 * their commit (and may before). `epoch` moves when the map is emptied at its limit, so a check
 * from before that never matches.
 */
const generations = new Map<string, number>();
let epoch = 0;
const generationOf = (userId: string) => `${epoch}.${generations.get(userId) ?? 0}`;

export const sessionCache = {
  get(token: string, now = Date.now()): CachedSession | undefined {
    const entry = byToken.get(token);
    if (!entry) return undefined;
    if (entry.until <= now || Date.parse(entry.user.tokenExpiresAt) <= now) {
      byToken.delete(token);
      return undefined;
    }
    const checkAgain = now >= entry.refreshAt && !entry.refreshing;
    if (checkAgain) entry.refreshing = true;
    return { user: entry.user, checkAgain };
  },
  /** The generation to pass to `set` for a check of this person's session starting now. */
  generation(userId: string): string {
    return generationOf(userId);
  },
  set(token: string, user: CurrentUser, ttlMs: number, generation: string, now = Date.now()): void {
    if (ttlMs <= 0 || generation !== generationOf(user.id)) return;
    if (byToken.size >= LIMIT) {
      byToken.clear();
      tokensByUser.clear();
    }
    byToken.set(token, { user, until: now + ttlMs, refreshAt: now + Math.ceil((ttlMs * 2) / 3), refreshing: false });
    let tokens = tokensByUser.get(user.id);
    if (!tokens) tokensByUser.set(user.id, (tokens = new Set()));
    tokens.add(token);
  },
  /** A background check found the session no longer valid (or could not run): the next request checks it. */
  drop(token: string): void {
    byToken.delete(token);
  },
  /**
   * Runs a write to the person's account, forgetting their sessions before it (no request is
   * answered from them while it runs) and again after it (a check that read the account before
   * the write keeps nothing).
   */
  async forgetAround<T>(userId: string, write: () => Promise<T>): Promise<T> {
    sessionCache.forget(userId);
    try {
      return await write();
    } finally {
      sessionCache.forget(userId);
    }
  },
  /** Every cached session of this person: the next request reads the account again. */
  forget(userId: string): void {
    if (generations.size >= LIMIT) {
      generations.clear();
      epoch += 1;
    }
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
    const tokens = tokensByUser.get(userId);
    if (!tokens) return;
    for (const token of tokens) byToken.delete(token);
    tokensByUser.delete(userId);
  },
};
