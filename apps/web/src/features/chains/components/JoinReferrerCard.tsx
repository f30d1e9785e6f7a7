import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useJoinByLink } from '../api.ts';

/**
 * Shown when the person arrived with someone's referral link (RID / ReferralID stored): one click
 * asks to join that person's network (POST v1/user-chains/join). An account made through the link
 * joins at once; anyone else's request waits for that person to confirm (issue 23 item 8).
 */
export function JoinReferrerCard({ referralId, onDone }: { referralId: string; onDone: () => void }) {
  const join = useJoinByLink();
  const toast = useToast();
  async function run() {
    try {
      const answer = await join.mutateAsync(referralId);
      toast.success(answer.message ?? 'You joined their network');
      onDone();
    } catch (error) {
      toast.error((error as Error).message);
      onDone();
    }
  }
  return (
    <section className="chain-card chain-card--accent" aria-labelledby="join-referrer-title">
      <h2 id="join-referrer-title" className="chain-card__title">
        You came with a referral link
      </h2>
      <p className="chain-muted">Join the network of the person who referred you. If you signed up through their link you join at once; otherwise they confirm first.</p>
      <div className="chain-list__actions">
        <Button onClick={() => void run()} loading={join.isPending}>
          Join their network
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Not now
        </Button>
      </div>
    </section>
  );
}
