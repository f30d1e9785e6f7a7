import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useReferralLink } from '../api.ts';

/** The person's referral link (GET auth/referral/deeplink) with a copy button. */
export function ReferralLinkCard() {
  const link = useReferralLink();
  const [copied, setCopied] = useState(false);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <section className="chain-card" aria-labelledby="link-title" data-testid="referral-link">
      <h2 id="link-title" className="chain-card__title">
        Your referral link
      </h2>
      <p className="chain-muted">Share it. People who sign up or order after opening it are counted as yours, and you earn a share of their paid orders.</p>
      {link.isPending ? (
        <Skeleton height={44} radius="var(--radius-sm)" />
      ) : link.isError ? (
        <p className="chain-alert" role="alert">
          {link.error.message}
        </p>
      ) : (
        <div className="referral-link">
          <label htmlFor="referral-link-input" className="visually-hidden">
            Your referral link
          </label>
          <input id="referral-link-input" className="field__input referral-link__input" readOnly value={link.data} onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy(link.data)}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {copied ? 'Link copied to the clipboard' : ''}
      </p>
    </section>
  );
}
