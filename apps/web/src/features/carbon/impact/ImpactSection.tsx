import { useState } from 'react';
import { Link } from 'react-router';
import { impactBadgeSnippet, type ImpactKind } from '@app/contract/impact';
import { formatTonnesNumber } from '@app/contract/units';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { useImpact } from './impact-api.ts';
import { MonthlyChart } from './MonthlyChart.tsx';
import './impact.css';

const tonnes = formatTonnesNumber;
const FOOTPRINT_KIND_LABELS: Record<string, string> = { household: 'Household footprint a year', flights: 'Flights', event: 'Event', business: 'Business footprint a year' };

/**
 * What a public sustainability page has retired (issue 26.17, 27.3): tonnes from valid
 * certificates only, a chart per month, the certificates with their verification pages, and
 * the embeddable badge with its HTML to copy.
 */
export function ImpactSection({ kind, slug }: { kind: ImpactKind; slug: string }) {
  const impact = useImpact(kind, slug);
  const dates = useDateFormat();
  const [copied, setCopied] = useState(false);
  if (impact.isPending) return <Skeleton height="8rem" />;
  const data = impact.data;
  if (!data) return null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const snippet = impactBadgeSnippet(origin, kind, slug, data.name);
  const copy = () => {
    void navigator.clipboard?.writeText(snippet).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section id="impact" className="carbon-card impact" aria-labelledby="impact-title">
      <h2 id="impact-title" className="carbon-card__title">
        Verified impact
      </h2>
      <p className="impact__total" data-testid="impact-tonnes">
        {tonnes(data.tonnesRetired)} <span className="impact__unit">t CO₂e retired</span>
      </p>
      <p className="carbon-muted">
        From {data.certificateCount} valid retirement certificate{data.certificateCount === 1 ? '' : 's'}; refunded (void) ones are not counted.
      </p>
      <MonthlyChart months={data.monthly} />
      {data.certificates.length > 0 && (
        <ul className="impact__certificates">
          {data.certificates.map((certificate) => (
            <li key={certificate.serial}>
              <span>
                <strong>{tonnes(certificate.tonnes)} t</strong> · {certificate.projectName}
                {certificate.standardName ? ` · ${certificate.standardName}` : ''}
              </span>
              <span className="carbon-muted">
                {dates.date(certificate.issuedAt)} · <Link to={certificate.verifyPath}>{certificate.serial}</Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.publicFootprints.length > 0 && (
        <>
          <h3 className="impact__subtitle">Footprints shared by {data.name}</h3>
          <ul className="impact__certificates" data-testid="public-footprints">
            {data.publicFootprints.map((footprint) => (
              <li key={footprint.createdAt + footprint.kind}>
                <span>
                  <strong>{tonnes(footprint.totalKg / 1000)} t CO₂e</strong> · {FOOTPRINT_KIND_LABELS[footprint.kind] ?? footprint.kind}
                </span>
                <span className="carbon-muted">{dates.date(footprint.createdAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <img className="impact__badge" src={data.badgePath} alt={`Badge: ${data.name}, ${tonnes(data.tonnesRetired)} t CO2e retired`} height={28} />
      <details className="impact__embed">
        <summary>Embed this badge on your site</summary>
        <label className="field__label" htmlFor="impact-snippet">
          HTML to copy
        </label>
        <textarea id="impact-snippet" className="field__input impact__snippet" readOnly rows={3} value={snippet} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={copy}>
          {copied ? 'Copied' : 'Copy HTML'}
        </Button>
      </details>
    </section>
  );
}
