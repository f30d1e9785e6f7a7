import type { UserChain } from '@app/contract/chains';
import { relationshipLabel } from '@app/contract/chains-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useChains, useConfirmChain } from '../api.ts';
import { formatDate } from '../../../lib/dates.ts';

/** What the person asked of you, in words: an invitation puts you below them, a request puts them below you. */
export function askedText(chain: UserChain): string {
  const rel = relationshipLabel(chain.relationship).toLowerCase();
  return chain.kind === 'invite' ? `${chain.otherUser.name} invites you into their network as ${rel}` : `${chain.otherUser.name} asks to join your network as ${rel}`;
}

/** Chains others asked you to confirm (GET v1/user-chains?requested=true): accept or decline each. */
export function PendingRequests() {
  const asked = useChains({ requested: true });
  const confirm = useConfirmChain();
  const toast = useToast();

  async function answer(chain: UserChain, acceptanceStatus: 'accepted' | 'rejected') {
    try {
      await confirm.mutateAsync({ id: chain.id, acceptanceStatus });
      toast.success(acceptanceStatus === 'accepted' ? `${chain.otherUser.name} is now in your network` : 'Request declined');
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <section className="chain-card" aria-labelledby="pending-title" data-testid="pending-requests">
      <h2 id="pending-title" className="chain-card__title">
        Waiting for your answer
      </h2>
      {asked.isPending ? (
        <Skeleton height={56} radius="var(--radius-md)" />
      ) : asked.isError ? (
        <p className="chain-alert" role="alert">
          {asked.error.message}
        </p>
      ) : asked.data.length === 0 ? (
        <p className="chain-muted">No one is waiting for you. Invitations and requests from others appear here.</p>
      ) : (
        <ul className="chain-list">
          {asked.data.map((chain) => (
            <li key={chain.id} className="chain-list__row" data-testid="pending-request">
              <div>
                <p className="chain-list__name">{askedText(chain)}</p>
                <p className="chain-muted">Sent {formatDate(chain.createdAt)}</p>
              </div>
              <div className="chain-list__actions">
                <Button size="sm" onClick={() => void answer(chain, 'accepted')} disabled={confirm.isPending} aria-label={`Accept: ${askedText(chain)}`}>
                  Accept
                </Button>
                <Button size="sm" variant="secondary" onClick={() => void answer(chain, 'rejected')} disabled={confirm.isPending} aria-label={`Decline: ${askedText(chain)}`}>
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
