import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@app/contract/admin';
import { admin } from '../../api/admin-client.ts';
import { adminKey, useAdminWrite } from '../../api/queries.ts';
import { useEndAdminSession } from '../../auth/use-operator.ts';
import { RecoveryCodesStep } from '../../auth/RecoveryCodesStep.tsx';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { Button } from '../../../../components/ui/Button.tsx';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { dateTime, fullName } from '../../components/format.ts';

/** The signed-in operator: role, second factor, recovery codes left (and a new set), this session's end, sign out. */
export function AccountPage() {
  const navigate = useNavigate();
  const endSession = useEndAdminSession();
  const status = useQuery({ queryKey: adminKey('mfa'), queryFn: () => admin.get<{ data: MfaStatus }>('mfa').then((body) => body.data) });
  const renew = useAdminWrite(() => admin.post<{ data: { recoveryCodes: string[] } }>('mfa/recovery-codes'), ['mfa']);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (status.error) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) return <LoadingState />;
  const { operator } = status.data;
  return (
    <>
      <title>Your account · Carbonwise Admin</title>
      <PageHeader title={fullName(operator)} description={operator.email} />
      <div className="admin-grid-2 admin-taxonomy">
        <section className="admin-card" aria-labelledby="account-access">
          <h2 id="account-access" className="admin-card__title">
            Access
          </h2>
          <dl className="admin-facts">
            <dt>Role</dt>
            <dd>{capitalise(operator.role)}</dd>
            <dt>Two-step sign-in</dt>
            <dd>{status.data.enrolled ? <Badge tone="success">On since {dateTime(status.data.enrolledAt)}</Badge> : <Badge tone="warning">Off</Badge>}</dd>
            <dt>This session ends</dt>
            <dd>{dateTime(status.data.sessionExpiresAt)}</dd>
          </dl>
          <div className="admin-auth__actions admin-account__actions">
            <Button variant="secondary" size="sm" onClick={() => void endSession().then(() => navigate('/admin/sign-in'))}>
              Sign out of the console
            </Button>
          </div>
        </section>
        <section className="admin-card" aria-labelledby="account-recovery">
          <h2 id="account-recovery" className="admin-card__title">
            Recovery codes
          </h2>
          {codes ? (
            <RecoveryCodesStep codes={codes} email={operator.email} doneLabel="Done" onDone={() => setCodes(null)} />
          ) : (
            <>
              <p className="admin-small">
                <strong>{status.data.recoveryCodesLeft}</strong> of 10 unused. Each signs you in once when your phone is not at hand.
              </p>
              <ConfirmAction
                label="Make new recovery codes"
                title="Make a new set of recovery codes?"
                description="The codes you have now stop working at once. The new ones are shown only once."
                confirmLabel="Make new codes"
                onConfirm={async () => setCodes((await renew.mutateAsync(undefined)).data.recoveryCodes)}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
