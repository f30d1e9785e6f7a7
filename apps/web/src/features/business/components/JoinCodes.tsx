import { useState } from 'react';
import type { OwnBusiness } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';

const ROWS = [
  { key: 'businessCode', param: 'JoinBusinessCode', label: 'Employees', hint: 'Your team: they see the business on their employer page.' },
  { key: 'supplierCode', param: 'JoinSupplierCode', label: 'Suppliers', hint: 'Businesses that supply you.' },
  { key: 'distributorCode', param: 'JoinDistributorCode', label: 'Distributors', hint: 'Businesses that sell your products.' },
] as const;

/** The three join codes (spec §4), each with a link that stores it and a copy button. */
export function JoinCodes({ business }: { business: OwnBusiness }) {
  const [copied, setCopied] = useState<string | null>(null);
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

  return (
    <section className="business-card" aria-labelledby="join-codes-title">
      <h2 id="join-codes-title" className="business-card__title">
        Join codes
      </h2>
      <p className="business-muted">Share a code or its link. People sign in or register, and join with the role the code gives.</p>
      <ul className="join-codes">
        {ROWS.map((row) => {
          const code = business[row.key];
          const link = `${origin}/login?${row.param}=${encodeURIComponent(code)}`;
          return (
            <li key={row.key} className="join-codes__row" data-testid={`join-code-${row.key}`}>
              <div>
                <p className="join-codes__label">{row.label}</p>
                <p className="business-muted">{row.hint}</p>
              </div>
              <code className="join-codes__code">{code}</code>
              <div className="join-codes__actions">
                <Button variant="secondary" size="sm" onClick={() => void copy(code, `${row.key}-code`)} aria-label={`Copy the ${row.label.toLowerCase()} code`}>
                  {copied === `${row.key}-code` ? 'Copied' : 'Copy code'}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void copy(link, `${row.key}-link`)} aria-label={`Copy the ${row.label.toLowerCase()} join link`}>
                  {copied === `${row.key}-link` ? 'Copied' : 'Copy link'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {copied ? 'Copied to the clipboard' : ''}
      </p>
    </section>
  );
}
