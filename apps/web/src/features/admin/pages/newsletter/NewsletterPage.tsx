import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { NewsletterIssue, newsletterCountsSchema } from '@app/contract/admin';
import type { z } from 'zod';
import { admin } from '../../api/admin-client.ts';
import { adminKey, useAdminList } from '../../api/queries.ts';
import { Badge, ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { count, shortDate } from '../../components/format.ts';
import { IssueEditor } from './IssueEditor.tsx';

type Counts = z.infer<typeof newsletterCountsSchema>;

/** Subscribers, the issues written so far, and the editor of the one chosen (`?issue=` in the address). */
export function NewsletterPage() {
  const [search, setSearch] = useSearchParams();
  const selected = search.get('issue');
  const counts = useQuery({ queryKey: adminKey('newsletter', 'counts'), queryFn: () => admin.get<{ data: Counts }>('newsletter').then((body) => body.data) });
  const issues = useAdminList<NewsletterIssue>('newsletter', 'newsletter/issues', { page: 1, size: 50 });
  const choose = (id: string | null) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('issue', id);
      else next.delete('issue');
      return next;
    });
  return (
    <>
      <title>Newsletter · Carbonwise Admin</title>
      <PageHeader title="Newsletter" description="Write an issue, preview it as subscribers will get it, and send it. Every mail carries the subscriber's own unsubscribe link." />
      {counts.error ? (
        <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
      ) : (
        <div className="admin-stats">
          <Stat label="Subscribed" value={counts.data?.subscribed} note={counts.data ? `${count(counts.data.newLast30Days)} in the last 30 days` : undefined} />
          <Stat label="Waiting for confirmation" value={counts.data?.pending} />
          <Stat label="Unsubscribed" value={counts.data?.unsubscribed} />
        </div>
      )}
      <div className="admin-columns">
        <IssueEditor key={selected ?? 'new'} issueId={selected} subscribers={counts.data?.subscribed ?? null} onSaved={choose} onDeleted={() => choose(null)} />
        <section className="admin-card" aria-labelledby="issues-title">
          <div className="admin-card__header">
            <h2 id="issues-title" className="admin-card__title">
              Issues
            </h2>
            {selected && (
              <button type="button" className="admin-link-button" onClick={() => choose(null)}>
                Write a new issue
              </button>
            )}
          </div>
          {issues.error ? (
            <ErrorState error={issues.error} onRetry={() => void issues.refetch()} />
          ) : !issues.data ? (
            <LoadingState />
          ) : issues.data.data.length === 0 ? (
            <p className="admin-muted admin-small">No issues yet. The first one you save appears here.</p>
          ) : (
            <ul className="admin-issues">
              {issues.data.data.map((issue) => (
                <li key={issue._id}>
                  <button type="button" className="admin-issue" aria-current={issue._id === selected || undefined} onClick={() => choose(issue._id)}>
                    <span className="admin-issue__subject">{issue.subject}</span>
                    <span className="admin-muted admin-small">
                      <Badge tone={issue.status === 'sent' ? 'success' : issue.status === 'sending' ? 'info' : 'neutral'}>{capitalise(issue.status)}</Badge> {issue.sentAt ? `sent ${shortDate(issue.sentAt)} to ${count(issue.recipients ?? 0)}` : `edited ${shortDate(issue.updatedAt)}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function Stat({ label, value, note }: { label: string; value: number | undefined; note?: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value === undefined ? '…' : count(value)}</p>
      {note && <p className="admin-stat__note">{note}</p>}
    </div>
  );
}
