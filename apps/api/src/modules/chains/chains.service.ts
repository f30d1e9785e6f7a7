import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CHAIN_MAX_PENDING_SENT, CHAIN_TREE_MAX_NODES, type ChainRelationship, type ChainStatus, type ChainTree, type ChainTreeNode, type UserChain } from '@app/contract/chains';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { userChains, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { confirmerOf, findByReferralId, findPerson, requireChainParty, requireSelf, type ChainRow } from './chains.access.ts';
import { fullName, shortName, toUserChain, type NameRow } from './chains.view.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { invitationEmails } from '../mail/mail.invitations.ts';

/** The signed-in caller as chains need them: who, and the address they have proved (null when unverified). */
export interface ChainCaller {
  id: string;
  verifiedEmail: string | null;
}

export interface ChainDeps {
  db: Database;
  mail: MailRepository;
  dispatcher: Pick<MailDispatcher, 'kick'>;
  publicUrl: string;
}

const noPerson = () => new AppError('NOT_FOUND', 'No account was found for this person; check the email or id');
const withSelf = () => new AppError('CHAIN_WITH_SELF', 'You cannot make a chain with yourself');

/**
 * User chains (spec §4, §7): invitations (I add you below me), requests (I ask to join below you)
 * and referral-link joins (accepted at once). The unordered pair and relationship are unique in the
 * database, so two people racing to invite each other end with one chain and one 409.
 */
export function createUserChains({ db, mail, dispatcher, publicUrl }: ChainDeps) {
  async function namesOf(ids: (string | null)[]): Promise<Map<string, NameRow>> {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    if (unique.length === 0) return new Map();
    const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function view(chain: ChainRow, callerId: string): Promise<UserChain> {
    return toUserChain(chain, callerId, await namesOf([chain.parentUserId, chain.childUserId]));
  }

  /**
   * Invitations and requests sent to the caller's address before they had an account (or before
   * they proved it) become theirs: the empty side is filled in, once per chain, skipping any that
   * would duplicate a chain they already have with the asker. Run before reading or answering.
   */
  async function claimInvitations(caller: ChainCaller): Promise<void> {
    if (!caller.verifiedEmail) return;
    const email = caller.verifiedEmail.toLowerCase();
    const duplicateOf = (asker: SQL) =>
      sql`not exists (select 1 from user_chains d where d.relationship = ${userChains.relationship} and d.parent_user_id is not null and d.child_user_id is not null and least(d.parent_user_id, d.child_user_id) = least(${asker}, ${caller.id}::uuid) and greatest(d.parent_user_id, d.child_user_id) = greatest(${asker}, ${caller.id}::uuid))`;
    // One statement for both directions: exactly one side of an invitation is empty, the other
    // is the asker. Runs on every read of the caller's chains, so it must stay one round trip.
    const asker = sql`coalesce(${userChains.parentUserId}, ${userChains.childUserId})`;
    try {
      await db
        .update(userChains)
        .set({ parentUserId: sql`coalesce(${userChains.parentUserId}, ${caller.id}::uuid)`, childUserId: sql`coalesce(${userChains.childUserId}, ${caller.id}::uuid)` })
        .where(and(eq(userChains.inviteeEmail, email), sql`(${userChains.parentUserId} is null) <> (${userChains.childUserId} is null)`, sql`${asker} <> ${caller.id}::uuid`, duplicateOf(asker)));
    } catch (error) {
      // Two claims at once: one fills the row, the other's duplicate is left for the next read.
      if (!uniqueViolation(error)) throw error;
    }
  }

  async function existingBetween(a: string, b: string, relationship: ChainRelationship): Promise<ChainRow | null> {
    const [row] = await db
      .select()
      .from(userChains)
      .where(and(eq(userChains.relationship, relationship), or(and(eq(userChains.parentUserId, a), eq(userChains.childUserId, b)), and(eq(userChains.parentUserId, b), eq(userChains.childUserId, a)))))
      .limit(1);
    return row ?? null;
  }

  /**
   * Whether the caller already asked this address for this relationship, claimed or not: the same
   * 409 whether or not the address has an account, and whether or not its owner has read it.
   */
  async function sentToAddress(callerId: string, email: string, relationship: ChainRelationship): Promise<boolean> {
    const [row] = await db
      .select({ id: userChains.id })
      .from(userChains)
      .where(and(eq(userChains.requestedByUserId, callerId), eq(userChains.inviteeEmail, email), eq(userChains.relationship, relationship)))
      .limit(1);
    return Boolean(row);
  }

  const duplicate = (relationship: ChainRelationship) => new AppError('CHAIN_EXISTS', `You two already have a ${relationship} chain (it may be waiting for an answer)`);

  async function guardPendingLimit(userId: string): Promise<void> {
    const [row] = await db.select({ n: count() }).from(userChains).where(and(eq(userChains.requestedByUserId, userId), eq(userChains.acceptanceStatus, 'pending')));
    if ((row?.n ?? 0) >= CHAIN_MAX_PENDING_SENT) throw new AppError('RATE_LIMITED', `You have ${CHAIN_MAX_PENDING_SENT} invitations waiting for an answer; wait for some before sending more`);
  }

  /**
   * An invitation (I add you below me) or a request (I ask to join below you). By email, the
   * answer is the same whether or not the address has an account (issue 23 item 4, decision 0064):
   * the chain is stored with the other side empty, the address gets an email (unless its account
   * already has such a chain with the asker), and the asker sees the address they typed until the
   * other person accepts.
   */
  async function ask(caller: ChainCaller, ref: { email?: string | undefined; userId?: string | undefined; relationship: ChainRelationship }, direction: 'invite' | 'request'): Promise<UserChain> {
    const email = ref.email?.trim().toLowerCase();
    if (email && email === caller.verifiedEmail?.toLowerCase()) throw withSelf();
    if (email && (await sentToAddress(caller.id, email, ref.relationship))) throw duplicate(ref.relationship);
    const other = await findPerson(db, ref);
    if (!other && !email) throw noPerson();
    if (other?.id === caller.id) throw withSelf();
    const already = other ? await existingBetween(caller.id, other.id, ref.relationship) : null;
    if (already && !email) throw duplicate(ref.relationship);
    await guardPendingLimit(caller.id);
    // By email the other side stays empty until the account that proved the address claims it
    // (claimInvitations, on its next read), even when one has it now: otherwise a chain the two
    // have or make later by id would answer 409 and tell the asker whose address it is. A chain
    // they already have means this one is never claimed (a duplicate), so no email goes out for it.
    const otherId = email ? null : other!.id;
    const mailed = Boolean(email && !already);
    const [parentUserId, childUserId] = direction === 'invite' ? [caller.id, otherId] : [otherId, caller.id];
    const [asker] = await namesOf([caller.id]).then((names) => [...names.values()]);
    const row = await db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(userChains)
          .values({ parentUserId, childUserId, inviteeEmail: email ?? null, requestedByUserId: caller.id, relationship: ref.relationship, kind: direction, acceptanceStatus: 'pending' })
          .returning();
        if (email && mailed) {
          const invitation = invitationEmails.chainInvitation({ askerName: fullName(asker), relationship: ref.relationship, direction, url: `${publicUrl}/account/network` });
          await mail.enqueue(tx as unknown as Database, email, invitation);
        }
        return inserted!;
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw duplicate(ref.relationship);
        throw error;
      });
    if (mailed) dispatcher.kick();
    return view(row, caller.id);
  }

  return {
    /** `POST /v1/user-chains`: invite a person (by email or id) below you; they confirm. */
    invite: (caller: ChainCaller, body: { email?: string | undefined; userId?: string | undefined; relationship: ChainRelationship }) => ask(caller, body, 'invite'),

    /** `POST v1/user-chains/join/request`: ask to join below a person; they confirm. */
    requestJoin: (caller: ChainCaller, body: { email?: string | undefined; userId?: string | undefined; relationship: ChainRelationship }) => ask(caller, body, 'request'),

    /**
     * `POST /v1/user-chains/join {referralId}`: join below the person whose referral link you came
     * with. Anyone can type anyone's id or slug, so it is a request that person confirms (issue 23
     * item 8), except for an account that was created through that very link (its sign-up
     * recorded the referrer): that one joins at once. Joining again answers the same chain (200);
     * another chain of that kind between you is 409.
     */
    async joinByLink(caller: ChainCaller & { referredByUserId: string | null }, referralId: string): Promise<{ chain: UserChain; created: boolean }> {
      const callerId = caller.id;
      const referrer = await findByReferralId(db, referralId);
      if (!referrer) throw new AppError('NOT_FOUND', 'This referral link does not belong to anyone');
      if (referrer.id === callerId) throw withSelf();
      const signedUpThroughLink = caller.referredByUserId === referrer.id;
      const again = async () => {
        const existing = await existingBetween(callerId, referrer.id, 'referral');
        if (!existing) return null;
        if (existing.parentUserId === referrer.id && existing.requestedByUserId === callerId && existing.acceptanceStatus !== 'rejected') return { chain: await view(existing, callerId), created: false };
        if (existing.acceptanceStatus === 'accepted' && existing.parentUserId === referrer.id) return { chain: await view(existing, callerId), created: false };
        throw duplicate('referral');
      };
      const before = await again();
      if (before) return before;
      try {
        await guardPendingLimit(callerId);
        const [row] = await db
          .insert(userChains)
          .values(
            signedUpThroughLink
              ? { parentUserId: referrer.id, childUserId: callerId, requestedByUserId: callerId, relationship: 'referral', kind: 'link', acceptanceStatus: 'accepted', respondedAt: new Date() }
              : { parentUserId: referrer.id, childUserId: callerId, requestedByUserId: callerId, relationship: 'referral', kind: 'link', acceptanceStatus: 'pending' },
          )
          .returning();
        return { chain: await view(row!, callerId), created: true };
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
        const raced = await again();
        if (raced) return raced;
        throw error;
      }
    },

    /** `GET /v1/user-chains?relationship=&acceptanceStatus=&requested=true`: the caller's chains, newest first. */
    async list(caller: ChainCaller, query: { relationship?: ChainRelationship | undefined; acceptanceStatus?: ChainStatus | undefined; requested?: boolean | undefined; page: number; size: number }) {
      const callerId = caller.id;
      await claimInvitations(caller);
      const conditions: SQL[] = [];
      if (query.requested) {
        // Chains others asked me to confirm: I am a party and not the asker; pending unless a status is given.
        conditions.push(or(and(eq(userChains.parentUserId, callerId), eq(userChains.requestedByUserId, userChains.childUserId)), and(eq(userChains.childUserId, callerId), eq(userChains.requestedByUserId, userChains.parentUserId)))!);
        conditions.push(eq(userChains.acceptanceStatus, query.acceptanceStatus ?? 'pending'));
      } else {
        conditions.push(or(eq(userChains.parentUserId, callerId), eq(userChains.childUserId, callerId))!);
        if (query.acceptanceStatus) conditions.push(eq(userChains.acceptanceStatus, query.acceptanceStatus));
      }
      if (query.relationship) conditions.push(eq(userChains.relationship, query.relationship));
      const where = and(...conditions);
      // The total rides along with the page (a window count); only a page past the end needs its own count.
      const page = await db
        .select({ chain: userChains, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(userChains)
        .where(where)
        .orderBy(desc(userChains.createdAt), desc(userChains.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const rows = page.map((row) => row.chain);
      const total = page[0] ? { n: page[0].total } : (await db.select({ n: count() }).from(userChains).where(where))[0];
      const names = await namesOf(rows.flatMap((row) => [row.parentUserId, row.childUserId]));
      return { data: rows.map((row) => toUserChain(row, callerId, names)), meta: { page: query.page, size: query.size, total: total?.n ?? 0 } };
    },

    /** `GET /v1/user-chains/{id}`: one of the caller's chains (404 unknown, 403 someone else's). */
    async get(caller: ChainCaller, id: string): Promise<UserChain> {
      await claimInvitations(caller);
      return view(await requireChainParty(db, caller.id, id), caller.id);
    },

    /**
     * `PUT v1/user-chains/confirm/{id}`: the asked person accepts or rejects. One conditional update
     * (pending → answer), so two answers at once change it once; the second gets 409.
     */
    async confirm(caller: ChainCaller, id: string, answer: 'accepted' | 'rejected'): Promise<UserChain> {
      const callerId = caller.id;
      await claimInvitations(caller);
      const chain = await requireChainParty(db, callerId, id);
      if (confirmerOf(chain) !== callerId) throw new AppError('FORBIDDEN', 'Only the person who was asked can answer this chain');
      const [row] = await db
        .update(userChains)
        .set({ acceptanceStatus: answer, respondedAt: new Date() })
        .where(and(eq(userChains.id, id), eq(userChains.acceptanceStatus, 'pending')))
        .returning();
      if (!row) throw new AppError('CONFLICT', `This chain was already ${chain.acceptanceStatus === 'pending' ? 'answered' : chain.acceptanceStatus}`);
      return view(row, callerId);
    },

    /** `DELETE v1/user-chains/{id}`: either person removes the chain (withdraw, decline, or leave). */
    async remove(callerId: string, id: string): Promise<UserChain> {
      const chain = await requireChainParty(db, callerId, id);
      const shown = await view(chain, callerId);
      await db.delete(userChains).where(eq(userChains.id, id));
      return shown;
    },

    /**
     * `GET /v1/user-chains/tree/{userId}`: the accepted chains below a person, level by level (one
     * query a level), each person once (a visited set, so cycles end), cut at the depth and at
     * CHAIN_TREE_MAX_NODES. Only one's own tree: it names the people in it.
     */
    async tree(callerId: string, userId: string, depth: number): Promise<ChainTree> {
      await requireSelf(db, callerId, userId, 'chain tree');
      const rootNames = await namesOf([userId]);
      const root: ChainTreeNode = { userId, name: fullName(rootNames.get(userId)), chainId: null, relationship: null, depth: 0, children: [] };
      const visited = new Set([userId]);
      let frontier: ChainTreeNode[] = [root];
      let truncated = false;
      for (let level = 1; frontier.length > 0; level += 1) {
        const byId = new Map(frontier.map((node) => [node.userId, node]));
        const edges = await db
          .select({ id: userChains.id, parentUserId: userChains.parentUserId, childUserId: userChains.childUserId, relationship: userChains.relationship })
          .from(userChains)
          .where(and(inArray(userChains.parentUserId, [...byId.keys()]), eq(userChains.acceptanceStatus, 'accepted'), isNotNull(userChains.childUserId)))
          .orderBy(userChains.createdAt, userChains.id);
        // Accepted chains always have both people (a check constraint); the filter tells the types.
        const fresh = edges.filter((edge): edge is typeof edge & { childUserId: string; parentUserId: string } => edge.childUserId !== null && edge.parentUserId !== null && !visited.has(edge.childUserId));
        if (fresh.length > 0 && level > depth) {
          truncated = true;
          break;
        }
        const names = await namesOf(fresh.map((edge) => edge.childUserId));
        const next: ChainTreeNode[] = [];
        for (const edge of fresh) {
          if (visited.has(edge.childUserId)) continue;
          if (visited.size >= CHAIN_TREE_MAX_NODES) {
            truncated = true;
            break;
          }
          visited.add(edge.childUserId);
          const person = names.get(edge.childUserId);
          const node: ChainTreeNode = { userId: edge.childUserId, name: level === 1 ? fullName(person) : shortName(person), chainId: edge.id, relationship: edge.relationship, depth: level, children: [] };
          byId.get(edge.parentUserId)!.children.push(node);
          next.push(node);
        }
        frontier = next;
      }
      const ups = await db
        .select({ id: userChains.id, parentUserId: userChains.parentUserId, relationship: userChains.relationship })
        .from(userChains)
        .where(and(eq(userChains.childUserId, userId), eq(userChains.acceptanceStatus, 'accepted'), isNotNull(userChains.parentUserId)))
        .orderBy(userChains.createdAt)
        .limit(50);
      const upNames = await namesOf(ups.map((row) => row.parentUserId));
      const parents = ups.map((row) => ({ userId: row.parentUserId!, name: fullName(upNames.get(row.parentUserId!)), chainId: row.id, relationship: row.relationship }));
      return { root, parents, depth, truncated };
    },
  };
}
export type UserChains = ReturnType<typeof createUserChains>;
