import { useState } from 'react';
import type { UserChain } from '@app/contract/chains';
import { relationshipLabel } from '@app/contract/chains-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useChains, useRemoveChain } from '../api.ts';

const STATUS = { pending: 'Waiting', accepted: 'In your network', rejected: 'Declined' } as const;

/** Where the other person sits, from your side. */
export function sideText(chain: UserChain, me: string): string {
  return chain.parent._id === me ? 'below you' : 'above you';
}

/** Every chain you are in (sent, received, accepted, declined), each removable by either person. */
export function ChainList({ userId }: { userId: string }) {
  const chains = useChains({});
  const remove = useRemoveChain();
  const toast = useToast();
  const [removing, setRemoving] = useState<UserChain | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success('Chain removed');
    } catch (error) {
      toast.error((error as Error).message);
    }
    setRemoving(null);
  }

  return (
    <section className="chain-card" aria-labelledby="chains-title" data-testid="chain-list">
      <h2 id="chains-title" className="chain-card__title">
        All your chains
      </h2>
      {chains.isPending ? (
        <Skeleton height={80} radius="var(--radius-md)" />
      ) : chains.isError ? (
        <p className="chain-alert" role="alert">
          {chains.error.message}
        </p>
      ) : chains.data.length === 0 ? (
        <p className="chain-muted">You have no chains yet. Invite someone above, or share your referral link.</p>
      ) : (
        <ul className="chain-list">
          {chains.data.map((chain) => (
            <li key={chain.id} className="chain-list__row" data-testid="chain-row">
              <div>
                <p className="chain-list__name">
                  {chain.otherUser.name} <span className="chain-badge">{relationshipLabel(chain.relationship)}</span>
                </p>
                <p className="chain-muted">
                  {sideText(chain, userId)} · <span className={`chain-status chain-status--${chain.acceptanceStatus}`}>{STATUS[chain.acceptanceStatus]}</span>
                  {chain.acceptanceStatus === 'pending' && (chain.requested ? ' · they wait for your answer' : ' · waiting for their answer')}
                </p>
              </div>
              <div className="chain-list__actions">
                <Button size="sm" variant="ghost" onClick={() => setRemoving(chain)} aria-label={`Remove the chain with ${chain.otherUser.name}`}>
                  {chain.acceptanceStatus === 'pending' && !chain.requested ? 'Withdraw' : 'Remove'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this chain?"
        description={removing ? `${removing.otherUser.name} will no longer be linked to you as ${relationshipLabel(removing.relationship).toLowerCase()}. You can invite them again later.` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
