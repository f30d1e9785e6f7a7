import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { relationshipLabel } from '@app/contract/chains-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { useChainTree } from '../api.ts';
import { ChainList } from '../components/ChainList.tsx';
import { ChainTree } from '../components/ChainTree.tsx';
import { InviteForm } from '../components/InviteForm.tsx';
import { JoinReferrerCard } from '../components/JoinReferrerCard.tsx';
import { PendingRequests } from '../components/PendingRequests.tsx';
import { storedReferral } from '../referral-capture.ts';
import { countBelow } from '../tree-layout.ts';
import '../chains.css';

const PATH = '/account/network';

function TreeCard({ userId }: { userId: string }) {
  const tree = useChainTree(userId);
  let body;
  if (tree.isPending) body = <Skeleton height={120} radius="var(--radius-md)" />;
  else if (tree.isError)
    body = (
      <div className="chain-alert" role="alert">
        <p>{tree.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void tree.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const below = countBelow(tree.data.root);
    body = (
      <>
        {tree.data.parents.length > 0 && (
          <p className="chain-muted" data-testid="chain-parents">
            Above you: {tree.data.parents.map((p) => `${p.name} (${relationshipLabel(p.relationship).toLowerCase()})`).join(', ')}
          </p>
        )}
        {below === 0 ? <p className="chain-muted">No one is below you yet. Invite someone, or share your referral link: people who join with it appear here.</p> : <p className="chain-muted">{below === 1 ? '1 person' : `${below} people`} in your network. Use the arrow keys to move through the tree.</p>}
        <ChainTree root={tree.data.root} />
        {tree.data.truncated && <p className="chain-muted">Only the first {tree.data.depth} levels are shown.</p>}
      </>
    );
  }
  return (
    <section className="chain-card" aria-labelledby="tree-title" data-testid="chain-tree-card">
      <h2 id="tree-title" className="chain-card__title">
        Your tree
      </h2>
      {body}
    </section>
  );
}

/** /account/network: the person's user chains (spec §4, §7): tree, answers to give, invitations, all chains. */
export function NetworkPage() {
  const session = useSession();
  const userId = session.user?._id ?? (typeof localStorage === 'undefined' ? undefined : (localStorage.getItem('userId') ?? undefined));
  const [referral, setReferral] = useState(() => storedReferral());
  if (!session.isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;
  const showJoin = referral && referral !== userId;
  return (
    <div className="container chain-page">
      <PageTitle title="Your network — Carbonwise" />
      <nav aria-label="Breadcrumb" className="chain-muted chain-breadcrumb">
        <Link to="/account">Your account</Link> / Network
      </nav>
      <h1 className="chain-page__title">Your network</h1>
      <p className="chain-muted chain-page__lead">
        People you are linked with: invite friends, family and colleagues, or confirm their requests. <Link to="/account/referrals">Your referral link and earnings</Link>
      </p>
      <div className="chain-stack">
        {showJoin && <JoinReferrerCard referralId={referral} onDone={() => setReferral(null)} />}
        <PendingRequests />
        {userId && <TreeCard userId={userId} />}
        <InviteForm />
        {userId && <ChainList userId={userId} />}
      </div>
    </div>
  );
}
