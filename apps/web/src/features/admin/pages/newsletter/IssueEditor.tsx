import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { newsletterIssueBodySchema, type NewsletterIssue, type newsletterPreviewSchema } from '@app/contract/admin';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { adminKey, useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { InputField, TextareaField, applyServerErrors, useSchemaForm } from '../../components/form.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { count, dateTime } from '../../components/format.ts';
import { MailPreview } from './MailPreview.tsx';

type Preview = z.infer<typeof newsletterPreviewSchema>;

/**
 * Compose (or open) an issue: subject and plain text, saved as a draft, previewed as the mail a
 * subscriber gets, then sent after a question. While it sends, the progress (mails written of
 * recipients) refreshes every second.
 */
export function IssueEditor({ issueId, subscribers, onSaved, onDeleted }: { issueId: string | null; subscribers: number | null; onSaved: (id: string) => void; onDeleted: () => void }) {
  const issue = useQuery({
    queryKey: adminKey('newsletter', 'issue', issueId),
    queryFn: () => admin.get<{ data: NewsletterIssue }>(`newsletter/issues/${issueId}`).then((body) => body.data),
    enabled: issueId !== null,
    // Every second while mails are written; every few while the mail server still has some to take.
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1000 : query.state.data?.delivery.waiting ? 3000 : false),
  });
  if (issueId && issue.error) return <ErrorState error={issue.error} onRetry={() => void issue.refetch()} />;
  if (issueId && !issue.data) return <LoadingState />;
  return <Editor issue={issue.data ?? null} subscribers={subscribers} onSaved={onSaved} onDeleted={onDeleted} />;
}

function Editor({ issue, subscribers, onSaved, onDeleted }: { issue: NewsletterIssue | null; subscribers: number | null; onSaved: (id: string) => void; onDeleted: () => void }) {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useSchemaForm(newsletterIssueBodySchema, { defaultValues: { subject: issue?.subject ?? '', body: issue?.body ?? '' } });
  const save = useAdminWrite(
    (body: { subject: string; body: string }) => (issue ? admin.patch<{ data: NewsletterIssue }>(`newsletter/issues/${issue._id}`, body) : admin.post<{ data: NewsletterIssue }>('newsletter/issues', body)),
    ['newsletter'],
  );
  const showPreview = useAdminWrite((body: { subject: string; body: string }) => admin.post<{ data: Preview }>('newsletter/preview', body), []);
  const send = useAdminWrite((id: string) => admin.post(`newsletter/issues/${id}/send`), ['newsletter']);
  const remove = useAdminWrite((id: string) => admin.delete(`newsletter/issues/${id}`), ['newsletter']);
  const editable = !issue || issue.status === 'draft';
  const errors = form.formState.errors;

  const saveDraft = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { data } = await save.mutateAsync(values);
      form.reset(values);
      toast.success('Draft saved');
      onSaved(data._id);
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });
  const previewIt = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      setPreview((await showPreview.mutateAsync(values)).data);
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });

  return (
    <section className="admin-card" aria-labelledby="issue-editor">
      <h2 id="issue-editor" className="admin-card__title">
        {issue ? (editable ? 'Draft' : issue.subject) : 'New issue'}
      </h2>
      {issue && issue.status !== 'draft' && <SendProgress issue={issue} />}
      <form className="admin-form" onSubmit={(event) => void saveDraft(event)} noValidate>
        <fieldset className="admin-form admin-fieldset" disabled={!editable}>
          <InputField label="Subject" error={errors.subject?.message} {...form.register('subject')} />
          <TextareaField label="Text" rows={14} hint="Plain text; an empty line starts a new paragraph." error={errors.body?.message} {...form.register('body')} />
        </fieldset>
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="admin-auth__actions">
          {editable && (
            <Button type="submit" variant="secondary" loading={save.isPending}>
              Save draft
            </Button>
          )}
          <Button variant="secondary" loading={showPreview.isPending} onClick={() => void previewIt()}>
            Preview
          </Button>
          {issue && editable && (
            <>
              <ConfirmAction
                label={`Send to ${subscribers === null ? '…' : count(subscribers)} subscribers`}
                buttonProps={{ variant: 'primary', size: 'md', disabled: form.formState.isDirty || !subscribers }}
                title={`Send “${issue.subject}”?`}
                description={`It goes to every confirmed subscriber (${count(subscribers ?? 0)}) now. A sent issue cannot be recalled.`}
                confirmLabel="Send now"
                onConfirm={async () => {
                  await send.mutateAsync(issue._id);
                  toast.success('Sending has started');
                }}
              />
              <ConfirmAction
                label="Delete draft"
                danger
                buttonProps={{ variant: 'ghost', size: 'md' }}
                title="Delete this draft?"
                description="It was never sent; this cannot be undone."
                confirmLabel="Delete draft"
                onConfirm={async () => {
                  await remove.mutateAsync(issue._id);
                  toast.success('Draft deleted');
                  onDeleted();
                }}
              />
            </>
          )}
        </div>
        {issue && editable && form.formState.isDirty && <p className="admin-muted admin-small">Save the draft before sending it.</p>}
      </form>
      {preview && (
        <div className="admin-preview">
          <h3 className="admin-subtitle">Preview: {preview.subject}</h3>
          <p className="admin-muted admin-small">
            {Object.entries(preview.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join(' · ')}
          </p>
          <MailPreview html={preview.html} />
          <details className="admin-audit__details">
            <summary>Plain-text version</summary>
            <pre className="admin-preview__text">{preview.text}</pre>
          </details>
        </div>
      )}
    </section>
  );
}

function SendProgress({ issue }: { issue: NewsletterIssue }) {
  const total = issue.recipients ?? 0;
  const percent = total ? Math.round((issue.written / total) * 100) : 100;
  return (
    <div className="admin-progress-block">
      <p className="admin-small">
        {issue.status === 'sending' ? `Sending: ${count(issue.written)} of ${count(total)} mails written` : `Sent ${dateTime(issue.sentAt)} to ${count(total)} subscribers${issue.sentBy ? ` by ${issue.sentBy}` : ''}`}
      </p>
      <progress className="admin-progress" max={100} value={percent} aria-label="Sending progress">
        {percent}%
      </progress>
      <dl className="admin-delivery" aria-label="Delivery">
        <div>
          <dt>Delivered</dt>
          <dd>{count(issue.delivery.delivered)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{count(issue.delivery.waiting)}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd className={issue.delivery.failed ? 'admin-text-danger' : undefined}>{count(issue.delivery.failed)}</dd>
        </div>
      </dl>
      <p className="admin-muted admin-small">Delivered: handed to the mail server. Waiting mails are retried; failed ones were given up after several tries.</p>
    </div>
  );
}
