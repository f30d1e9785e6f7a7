import { useState } from 'react';
import type { BusinessMemberRole, OwnBusiness } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useRegenerateJoinCode } from '../api.ts';

const ROWS = [
  { role: 'employee', param: 'JoinBusinessCode', label: 'Employees', hint: 'Your team: they see the business on their employer page.' },
  { role: 'supplier', param: 'JoinSupplierCode', label: 'Suppliers', hint: 'Businesses that supply you.' },
  { role: 'distributor', param: 'JoinDistributorCode', label: 'Distributors', hint: 'Businesses that sell your products.' },
] as const;

/**
 * The three secret join codes (spec §4; issue 23 item 1): only the owner sees them. Each has a
 * link that stores it, copy buttons, and "New code", which makes the old code stop working at
 * once (people who already joined stay). Your public business code is not a join code.
 */
export function JoinCodes({ business }: { business: OwnBusiness }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<BusinessMemberRole | null>(null);
  const regenerate = useRegenerateJoinCode(business.id);
  const toast = useToast();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied((current) => (current === what ? null : current)), 2000);
    } catch {
      setCopied(null);
    }
  }

  async function renew() {
    if (!renewing) return;
    try {
      await regenerate.mutateAsync(renewing);
      toast.success('New code made: the old one no longer works');
    } catch (error) {
      toast.error((error as Error).message);
    }
    setRenewing(null);
  }

  const renewingRow = ROWS.find((row) => row.role === renewing);
  return (
    <section className="business-card" aria-labelledby="join-codes-title">
      <h2 id="join-codes-title" className="business-card__title">
        Join codes
      </h2>
      <p className="business-muted">
        Share a code or its link only with the people it is for: anyone who has it can join. People sign in or register, and join with the role the code gives. Your public business code{' '}
        <code>{business.businessCode}</code> does not let anyone join.
      </p>
      {business.employeeCodeIsPublic && (
        <p className="business-alert" role="note" data-testid="join-code-public-warning">
          Your employee join code is still your public business code, which anyone can read on your public page. Make a new employee code, then share it with your team.
        </p>
      )}
      <ul className="join-codes">
        {ROWS.map((row) => {
          const code = business.joinCodes[row.role];
          const link = `${origin}/login?${row.param}=${encodeURIComponent(code)}`;
          return (
            <li key={row.role} className="join-codes__row" data-testid={`join-code-${row.role}`}>
              <div>
                <p className="join-codes__label">{row.label}</p>
                <p className="business-muted">{row.hint}</p>
              </div>
              <code className="join-codes__code">{code}</code>
              <div className="join-codes__actions">
                <Button variant="secondary" size="sm" onClick={() => void copy(code, `${row.role}-code`)} aria-label={`Copy the ${row.label.toLowerCase()} code`}>
                  {copied === `${row.role}-code` ? 'Copied' : 'Copy code'}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void copy(link, `${row.role}-link`)} aria-label={`Copy the ${row.label.toLowerCase()} join link`}>
                  {copied === `${row.role}-link` ? 'Copied' : 'Copy link'}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRenewing(row.role)} aria-label={`Make a new ${row.label.toLowerCase()} code`}>
                  New code
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {copied ? 'Copied to the clipboard' : ''}
      </p>
      <ConfirmDialog
        open={renewing !== null}
        title={`Make a new ${renewingRow?.label.toLowerCase() ?? ''} code?`}
        description="The current code and its link stop working at once. People who already joined stay members."
        confirmLabel="Make a new code"
        busy={regenerate.isPending}
        onConfirm={() => void renew()}
        onCancel={() => setRenewing(null)}
      />
    </section>
  );
}
