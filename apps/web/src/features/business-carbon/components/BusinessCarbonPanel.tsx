import { useState } from 'react';
import { Link } from 'react-router';
import type { BusinessCarbonRollup } from '@app/contract/business-carbon';
import { formatTonnesNumber } from '@app/contract/units';
import { Button, Skeleton, useToast } from '../../../components/ui/index.ts';
import { BreakdownBars } from '../../carbon/components/BreakdownBars.tsx';
import { formatTonnes } from '../../carbon/state/format.ts';
import { useCarbonRollup } from '../api.ts';
import { offsetGap, SPEND_CATEGORIES } from '../spend-rows.ts';
import { SpendInputsForm } from './SpendInputsForm.tsx';
import '../../carbon/components/carbon.css';
import '../../carbon/components/calculator-parts.css';
import '../business-carbon.css';

/**
 * The owner's carbon section of the business page: the business's footprint (spend categories,
 * travel and members' footprints) against the offsets it retired, and the spend form.
 */
export function BusinessCarbonPanel({ businessCode }: { businessCode: string }) {
  const rollup = useCarbonRollup(businessCode);
  const [editing, setEditing] = useState(false);
  const toast = useToast();

  return (
    <section className="business-card business-carbon" aria-labelledby="business-carbon-title">
      <div className="business-carbon__head">
        <div>
          <h2 id="business-carbon-title" className="business-card__title">
            Carbon footprint
          </h2>
          <p className="business-muted">A year of the business's purchases, plus the household footprints your members saved into it.</p>
        </div>
        <Link className="business-carbon__link" to="/other/my-business-account/sustainability">
          Edit sustainability profile
        </Link>
      </div>

      {rollup.isPending && (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading the business's footprint
          </p>
          <Skeleton height={28} width="40%" />
          <Skeleton height={140} radius="var(--radius-md)" />
        </div>
      )}
      {rollup.isError && (
        <div className="business-alert" role="alert">
          <p>{rollup.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void rollup.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {rollup.data && (
        <>
          <RollupSummary rollup={rollup.data} />
          {editing || !rollup.data.inputs ? (
            <SpendInputsForm
              businessCode={businessCode}
              inputs={rollup.data.inputs}
              spendLines={rollup.data.operations?.spendLines}
              onSaved={() => {
                setEditing(false);
                toast.success('Spend saved');
              }}
              onCancel={rollup.data.inputs ? () => setEditing(false) : undefined}
            />
          ) : (
            <div>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit spend
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function RollupSummary({ rollup }: { rollup: BusinessCarbonRollup }) {
  const gap = offsetGap(rollup);
  const operationsKg = rollup.operations?.total ?? 0;
  if (rollup.categories.length === 0) {
    return (
      <p className="business-empty">
        Nothing counted yet. Add what the business spent in a year below, and ask your members to save their household footprint from the{' '}
        <Link to="/carbon-calculator">carbon calculator</Link>.
      </p>
    );
  }
  return (
    <>
      <dl className="business-carbon__figures">
        <div>
          <dt>Total footprint</dt>
          <dd data-testid="business-carbon-total">{formatTonnes(rollup.totalKg)} CO2e</dd>
        </div>
        <div>
          <dt>Operations</dt>
          <dd>{formatTonnes(operationsKg)}</dd>
        </div>
        <div>
          <dt>People · {rollup.people.withFootprint} of {rollup.people.activeMembers + 1} saved</dt>
          <dd>{formatTonnes(rollup.people.totalKg)}</dd>
        </div>
        <div>
          <dt>Offsets retired</dt>
          <dd data-testid="business-carbon-offsets">{formatTonnesNumber(gap.retiredTonnes)} t</dd>
        </div>
      </dl>

      <div className="business-carbon__gap">
        <div className="business-carbon__meter" role="img" aria-label={`Offsets cover ${Math.round(gap.coveredShare * 100)}% of the footprint`}>
          <span style={{ width: `${gap.coveredShare * 100}%` }} />
        </div>
        <p className="business-muted">
          {gap.remainingTonnes > 0 ? (
            <>
              {Math.round(gap.coveredShare * 100)}% offset · {gap.remainingTonnes.toLocaleString('en', { maximumFractionDigits: 1 })} t CO2e still to offset.{' '}
              <Link to="/products?kind=offset">Browse offsets</Link>
            </>
          ) : (
            'The offsets retired cover the whole footprint.'
          )}
        </p>
      </div>

      <h3 className="business-carbon__subtitle">By category</h3>
      <BreakdownBars
        label="The business's footprint by category"
        items={rollup.categories.map((category) => ({ key: category.key, label: labelOf(category), value: category.kg, tone: category.kind === 'people' ? 'reference' : 'accent' }))}
      />

      {rollup.people.list.length > 0 && (
        <>
          <h3 className="business-carbon__subtitle">Members' footprints</h3>
          <BreakdownBars
            label="Household footprints members saved into the business"
            items={rollup.people.list.map((person) => ({ key: person.userId, label: person.role === 'owner' ? `${person.name} (you)` : person.name, value: person.totalKg, tone: 'reference' }))}
          />
        </>
      )}
      <p className="business-muted business-carbon__note">
        Purchases use US EPA supply-chain factors (2021 US dollars); members' figures are their own households, kept as a separate line. Factors of {rollup.factorSetYear}.
      </p>
    </>
  );
}

const FRIENDLY = new Map<string, string>(SPEND_CATEGORIES.map((category) => [`naics:${category.naics}`, category.title]));
/** The picker's plain name for a common category; the factor table's title for any other. */
const labelOf = (category: BusinessCarbonRollup['categories'][number]) => FRIENDLY.get(category.key) ?? category.label;
