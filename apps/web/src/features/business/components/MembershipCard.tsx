import { useState } from 'react';
import type { Membership } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useExitBusiness } from '../api.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { formatDate } from '../../../lib/dates.ts';

const ROLE_TEXT = { employee: 'an employee', supplier: 'a supplier', distributor: 'a distributor' } as const;

/** The business the person joined, their role in it, and leaving it. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const [asking, setAsking] = useState(false);
  const exit = useExitBusiness();
  const toast = useToast();
  const business = membership.businessId;

  async function leave() {
    try {
      await exit.mutateAsync(undefined);
      toast.success(`You left ${business.name}`);
    } catch (error) {
      toast.error((error as Error).message);
    }
    setAsking(false);
  }

  return (
    <section className="business-card membership-card" aria-labelledby="membership-title" data-testid="membership">
      <div className="membership-card__head">
        {business.logoUrl ? <img className="membership-card__logo" src={business.logoUrl} alt="" width={56} height={56} /> : <span className="membership-card__logo membership-card__logo--empty" aria-hidden="true">{business.name.charAt(0).toUpperCase()}</span>}
        <div>
          <h2 id="membership-title" className="business-card__title">
            {business.name}
          </h2>
          <p className="business-muted">
            You are {ROLE_TEXT[membership.role]}
            {membership.title && ` · ${membership.title}`}
            {membership.department && ` · ${membership.department}`} · joined {formatDate(membership.joinedAt)}
          </p>
        </div>
      </div>
      {business.description && <p className="membership-card__about">{business.description}</p>}
      <dl className="business-facts">
        {business.industry && (
          <div>
            <dt>Industry</dt>
            <dd>{business.industry}</dd>
          </div>
        )}
        {business.website && (
          <div>
            <dt>Website</dt>
            <dd>
              <a href={business.website} rel="noopener noreferrer nofollow" target="_blank">
                {business.website.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt>Business code</dt>
          <dd>
            <code>{business.businessCode}</code>
          </dd>
        </div>
      </dl>
      <div className="business-form__actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Leave {business.name}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Leave ${business.name}?`}
        description="Your orders stay yours. You can join again later with a code."
        confirmLabel="Leave business"
        busy={exit.isPending}
        onConfirm={() => void leave()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
