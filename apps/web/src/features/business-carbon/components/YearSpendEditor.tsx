import { useState } from 'react';
import { Button, Skeleton, useToast } from '../../../components/ui/index.ts';
import { useYearInputs } from '../api.ts';
import { SpendInputsForm } from './SpendInputsForm.tsx';

/**
 * The owner's spend for the report's year (issue 27 item 2): an earlier year's spend is recorded
 * here, for that year's report only; the business's current spend stays as it is.
 */
export function YearSpendEditor({ businessCode, year, recorded }: { businessCode: string; year: number; recorded: boolean | undefined }) {
  const [editing, setEditing] = useState(false);
  const inputs = useYearInputs(businessCode, year, editing);
  const toast = useToast();

  if (!editing) {
    return (
      <div className="business-report__spend">
        {recorded === false && <p className="business-muted">No spend is recorded for {year}, so the report has no purchased goods or business travel for it.</p>}
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {recorded === false ? `Add spend for ${year}` : `Edit spend for ${year}`}
        </Button>
      </div>
    );
  }
  if (inputs.isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading the spend for {year}
        </p>
        <Skeleton height={120} radius="var(--radius-md)" />
      </div>
    );
  }
  if (inputs.isError) {
    return (
      <div className="business-alert" role="alert">
        <p>{inputs.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void inputs.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <SpendInputsForm
      businessCode={businessCode}
      year={year}
      inputs={inputs.data.inputs}
      onSaved={() => {
        setEditing(false);
        toast.success('Spend saved');
      }}
      onCancel={() => setEditing(false)}
    />
  );
}
