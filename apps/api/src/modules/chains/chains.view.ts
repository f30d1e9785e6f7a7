import type { UserChain } from '@app/contract/chains';
import { confirmerOf, type ChainRow } from './chains.access.ts';

export interface NameRow {
  id: string;
  firstName: string;
  lastName: string;
}

/** "Ada Lovelace" for the people one chains with directly. */
export const fullName = (user: NameRow | undefined) => (user ? `${user.firstName} ${user.lastName}`.trim() || 'Someone' : 'Someone');
/** "Ada L." for people further away (the tree below one's direct chains). */
export const shortName = (user: NameRow | undefined) => (user ? `${user.firstName} ${user.lastName.slice(0, 1)}${user.lastName ? '.' : ''}`.trim() || 'Someone' : 'Someone');

/**
 * A chain from the caller's side. Until the other person accepts, an asker who typed an address
 * sees that address, never the account behind it (issue 23 item 4): no id, no name.
 */
export function toUserChain(chain: ChainRow, callerId: string, names: Map<string, NameRow>): UserChain {
  const hidden = chain.acceptanceStatus !== 'accepted' && chain.inviteeEmail !== null && chain.requestedByUserId === callerId;
  const person = (id: string | null) => (id === null || (hidden && id !== callerId) ? { _id: '', name: chain.inviteeEmail ?? 'Someone' } : { _id: id, name: fullName(names.get(id)) });
  const otherId = chain.parentUserId === callerId ? chain.childUserId : chain.parentUserId;
  return {
    _id: chain.id,
    id: chain.id,
    relationship: chain.relationship,
    acceptanceStatus: chain.acceptanceStatus,
    kind: chain.kind,
    requested: chain.acceptanceStatus === 'pending' && confirmerOf(chain) === callerId,
    // requestedBy is always the asker: the caller themself, or the person who asked them.
    parent: person(chain.parentUserId),
    child: person(chain.childUserId),
    requestedBy: chain.requestedByUserId,
    otherUser: person(otherId),
    createdAt: chain.createdAt.toISOString(),
    respondedAt: chain.respondedAt ? chain.respondedAt.toISOString() : null,
  };
}
