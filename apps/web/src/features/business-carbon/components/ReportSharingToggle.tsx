import { useId } from 'react';
import { useToast } from '../../../components/ui/index.ts';
import { useReportSharing, useSetReportSharing } from '../report-api.ts';

/**
 * The signed-in person's own choice (owner or member): count my footprint saved into this
 * business, with my name, in its emissions report. Off until turned on (decision 0050).
 */
export function ReportSharingToggle({ businessCode }: { businessCode: string }) {
  const sharing = useReportSharing(businessCode);
  const save = useSetReportSharing(businessCode);
  const toast = useToast();
  const id = useId();
  const checked = save.isPending ? Boolean(save.variables) : Boolean(sharing.data?.share);
  return (
    <p className="business-report__sharing">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={sharing.isPending || save.isPending}
        onChange={(event) =>
          save.mutate(event.target.checked, {
            onSuccess: (answer) => toast.success(answer.message ?? 'Saved'),
            onError: (error) => toast.error(error.message),
          })
        }
      />
      <label htmlFor={id}>Count my footprint saved into this business in its emissions report (with my name)</label>
    </p>
  );
}

/** For a member without report access: just their own choice, in a card. */
export function ReportSharingCard({ businessCode }: { businessCode: string }) {
  return (
    <section className="business-card" aria-labelledby="report-sharing-title">
      <h2 id="report-sharing-title" className="business-card__title">
        Your footprint in the business's emissions report
      </h2>
      <p className="business-muted">The household footprint you saved into the business counts in its yearly emissions report only if you allow it.</p>
      <ReportSharingToggle businessCode={businessCode} />
    </section>
  );
}
