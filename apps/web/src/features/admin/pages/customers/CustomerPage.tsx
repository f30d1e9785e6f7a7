import { Link, useParams } from 'react-router';
import type { CustomerDetail } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminRecord, useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { count, dateTime, fullName, money, shortDate } from '../../components/format.ts';
import { CustomerRecords } from './CustomerRecords.tsx';
import { useOperator } from '../../auth/use-operator.ts';

/** One customer: their account, lock and unlock, a new verification mail, and their records. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const toast = useToast();
  const customer = useAdminRecord<CustomerDetail>('customers', `customers/${id}`);
  const lock = useAdminWrite((reason: string) => admin.post(`customers/${id}/lock`, { reason }), ['customers']);
  const unlock = useAdminWrite(() => admin.post(`customers/${id}/unlock`), ['customers']);
  const resend = useAdminWrite(() => admin.post(`customers/${id}/verification-email`), ['customers']);
  const me = useOperator().data;
  if (customer.error) return <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />;
  if (!customer.data) return <LoadingState />;
  const c = customer.data;
  return (
    <>
      <title>{`${fullName(c)} · Carbonwise Admin`}</title>
      <PageHeader
        back={
          <Link className="admin-back" to="/admin/customers">
            ← Customers
          </Link>
        }
        title={
          <>
            {fullName(c)} {c.locked && <Badge tone="danger">Sign-in locked</Badge>} {c.operatorRole && <Badge tone="info">{capitalise(c.operatorRole)}</Badge>}
          </>
        }
        description={`${c.email} · joined ${shortDate(c.createdAt)}`}
        actions={
          <>
            {!c.verified && (
              <Button
                size="sm"
                variant="secondary"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () => toast.success(`A new verification mail is on its way to ${c.email}`),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                Resend verification
              </Button>
            )}
            {c.locked ? (
              <ConfirmAction
                label="Unlock sign-in"
                title={`Let ${fullName(c)} sign in again?`}
                description="They can sign in with their password straight away."
                confirmLabel="Unlock"
                onConfirm={async () => {
                  await unlock.mutateAsync(undefined);
                  toast.success('Sign-in unlocked');
                }}
              />
            ) : me?.email.toLowerCase() === c.email.toLowerCase() ? null : (
              <ConfirmAction
                label="Lock sign-in"
                danger
                title={`Lock ${fullName(c)}'s sign-in?`}
                description="They cannot sign in, and every session they have ends at once. Their orders and certificates stay. The reason is kept in the audit log."
                confirmLabel="Lock sign-in"
                reason={{ label: 'Reason', placeholder: 'Fraud report, account takeover…' }}
                onConfirm={async (reason) => {
                  await lock.mutateAsync(reason);
                  toast.success('Sign-in locked');
                }}
              />
            )}
          </>
        }
      />
      <div className="admin-stats">
        <div className="admin-stat">
          <p className="admin-stat__label">Paid</p>
          {c.paid.length === 0 ? <p className="admin-stat__value">—</p> : c.paid.map((amount) => <p key={amount.currency} className="admin-stat__value admin-stat__value--line">{money(amount.amountMinor, amount.currency)}</p>)}
        </div>
        <Stat label="Orders" value={count(c.orderCount)} />
        <Stat label="Certificates" value={count(c.certificateCount)} />
        <Stat label="Footprints" value={count(c.footprintCount)} />
        <Stat label="Reviews" value={count(c.reviewCount)} />
      </div>
      <div className="admin-columns">
        <CustomerRecords id={c._id} />
        <section className="admin-card" aria-labelledby="customer-account">
          <h2 id="customer-account" className="admin-card__title">
            Account
          </h2>
          <dl className="admin-facts">
            <dt>Email</dt>
            <dd>
              {c.email} {c.verified ? <Badge tone="success">Verified {shortDate(c.emailVerifiedAt)}</Badge> : <Badge tone="warning">Not verified</Badge>}
            </dd>
            <dt>Recovery email</dt>
            <dd>{c.recoveryEmail ?? '—'}</dd>
            <dt>Phone</dt>
            <dd>{c.phone ?? '—'}</dd>
            <dt>Currency</dt>
            <dd>{c.currency}</dd>
            <dt>Newsletter</dt>
            <dd>{c.newsletter ? capitalise(c.newsletter) : 'Not subscribed'}</dd>
            {c.billingAddress && (
              <>
                <dt>Billing address</dt>
                <dd>{Object.values(c.billingAddress).filter(Boolean).join(', ')}</dd>
              </>
            )}
            {c.locked && (
              <>
                <dt>Locked</dt>
                <dd>
                  {dateTime(c.lockedAt)} by {c.lockedBy ?? '—'}: {c.lockedReason}
                </dd>
              </>
            )}
            {c.failedLoginLockedUntil && (
              <>
                <dt>Failed sign-ins</dt>
                <dd>Paused until {dateTime(c.failedLoginLockedUntil)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
    </div>
  );
}
