import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { certificatePagePath } from '../../certificates/api/certificates-api.ts';
import { formatTonnes } from '../../certificates/components/format.ts';
import { claimGift, fetchGift, giftKeys, type GiftView } from '../gift-api.ts';
import '../../certificates/components/certificates.css';
import '../components/gifts.css';

function GiftCard({ gift }: { gift: GiftView }) {
  const { certificate } = gift;
  const valid = certificate.status === 'valid';
  return (
    <article className="certificate-card gift-card" aria-labelledby="gift-title">
      <p className={`certificate-badge${valid ? '' : ' certificate-badge--void'}`}>{valid ? 'Verified certificate' : 'Void certificate'}</p>
      <h1 id="gift-title" className="certificate-card__title">
        {gift.fromName} gave you a carbon offset
      </h1>
      <p className="certificate-card__tonnes">{formatTonnes(certificate.tonnes)}</p>
      <p className="certificate-card__lead">
        retired on behalf of <strong>{certificate.beneficiary.name}</strong> with {certificate.projectName}
      </p>
      {gift.message && <blockquote className="gift-card__message">“{gift.message}”</blockquote>}
      {!valid && <p className="certificate-card__void-note">This gift was cancelled: its order was refunded and the certificate is void.</p>}
      <dl className="certificate-card__facts">
        <div>
          <dt>Serial</dt>
          <dd className="certificate-serial">
            <Link to={certificatePagePath(certificate.serial)}>{certificate.serial}</Link>
          </dd>
        </div>
        <div>
          <dt>Standard</dt>
          <dd>{certificate.standard ?? 'Not stated'}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{certificate.country ?? 'Not stated'}</dd>
        </div>
      </dl>
    </article>
  );
}

function ClaimBox({ token, gift }: { token: string; gift: GiftView }) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const next = `/gifts/${encodeURIComponent(token)}`;

  if (gift.claimed) {
    return (
      <section className="gift-claim" data-testid="gift-claimed">
        <h2 className="gift-claim__title">{result?.ok ? result.text : 'This gift has been claimed'}</h2>
        <p>Its tonnes count in the footprint and profile of the account that claimed it.</p>
        <Link className={buttonClassName('secondary')} to="/carbon-calculator">
          See your footprint
        </Link>
      </section>
    );
  }
  if (!gift.claimable) return null;
  if (!isLoggedIn) {
    return (
      <section className="gift-claim">
        <h2 className="gift-claim__title">Claim your gift</h2>
        <p>
          Sign in, or create an account, with <strong>{gift.recipientEmail}</strong>: the tonnes then count in your own footprint and profile. The certificate stays valid whether or not you claim it.
        </p>
        <div className="gift-claim__actions">
          <Link className={buttonClassName('primary')} to={loginPath({ next, email: gift.recipientEmail })}>
            Sign in to claim
          </Link>
          <Link className={buttonClassName('secondary')} to={loginPath({ tab: 'register', next, email: gift.recipientEmail })}>
            Create an account
          </Link>
        </div>
      </section>
    );
  }
  const claim = async () => {
    setBusy(true);
    const answer = await claimGift(token);
    setBusy(false);
    setResult({ ok: answer.ok, text: answer.message });
    if (answer.ok) queryClient.setQueryData(giftKeys.one(token), answer.gift);
  };
  return (
    <section className="gift-claim">
      <h2 className="gift-claim__title">Claim your gift</h2>
      <p>Claiming adds these tonnes to your footprint and profile. Only the account with {gift.recipientEmail} can claim it, once.</p>
      <div className="gift-claim__actions">
        <Button onClick={() => void claim()} loading={busy}>
          Claim {formatTonnes(gift.certificate.tonnes)}
        </Button>
      </div>
      {result && !result.ok && (
        <p className="gift-line__status gift-line__status--error" role="alert">
          {result.text}
        </p>
      )}
    </section>
  );
}

/** /gifts/:token: the page a gift's email links to; shows the gift and lets its recipient claim it. */
export function GiftClaimPage() {
  const token = useParams().token ?? '';
  const gift = useQuery({ queryKey: giftKeys.one(token), queryFn: () => fetchGift(token) });
  return (
    <div className="container certificate-page gift-page">
      <PageTitle title="Your carbon offset gift — Carbonwise" />
      {gift.isPending && (
        <div className="certificate-card" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading the gift…
          </p>
          <Skeleton width="70%" height="2.25rem" />
          <Skeleton height="10rem" />
        </div>
      )}
      {gift.isError && (
        <section className="certificate-card certificate-card--state" role="alert">
          <h1 className="certificate-card__title">This gift could not be loaded</h1>
          <p>{gift.error.message}</p>
          <Button variant="secondary" onClick={() => void gift.refetch()} loading={gift.isFetching}>
            Try again
          </Button>
        </section>
      )}
      {gift.data === null && (
        <section className="certificate-card certificate-card--state" data-testid="gift-not-found">
          <h1 className="certificate-card__title">This gift link is not valid</h1>
          <p>Check that you opened the whole link from the email.</p>
        </section>
      )}
      {gift.data && (
        <>
          <GiftCard gift={gift.data} />
          <ClaimBox token={token} gift={gift.data} />
        </>
      )}
    </div>
  );
}
