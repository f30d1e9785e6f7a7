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

export function toUserChain(chain: ChainRow, callerId: string, names: Map<string, NameRow>): UserChain {
  const person = (id: string) => ({ _id: id, name: fullName(names.get(id)) });
  const otherId = chain.parentUserId === callerId ? chain.childUserId : chain.parentUserId;
  return {
    _id: chain.id,
    id: chain.id,
    relationship: chain.relationship,
    acceptanceStatus: chain.acceptanceStatus,
    kind: chain.kind,
    requested: chain.acceptanceStatus === 'pending' && confirmerOf(chain) === callerId,
    parent: person(chain.parentUserId),
    child: person(chain.childUserId),
    requestedBy: chain.requestedByUserId,
    otherUser: person(otherId),
    createdAt: chain.createdAt.toISOString(),
    respondedAt: chain.respondedAt ? chain.respondedAt.toISOString() : null,
  };
}
