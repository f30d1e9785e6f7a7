import { Suspense, lazy, useId, useState } from 'react';
import type { BusinessReport } from '@app/contract/business-carbon';
import { formatTonnesNumber } from '@app/contract/units';
import { Button, Skeleton, useToast } from '../../../components/ui/index.ts';
import { formatDate, formatDay } from '../../../lib/dates.ts';
import { downloadReport, useBusinessReport } from '../report-api.ts';
import { ReportSharingToggle } from './ReportSharingToggle.tsx';
import { YearSpendEditor } from './YearSpendEditor.tsx';
import '../business-report.css';

// recharts loads with the charts, after the figures: never with the page's entry.
const ReportCharts = lazy(() => import('./ReportCharts.tsx'));

/** Years offered: this one and the five before it (the server accepts any from 2000). */
const YEARS_BACK = 6;
const tonnes = (kg: number) => `${(kg / 1000).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;

/**
 * The emissions report section of the business dashboard (issue 27 item 2): a year's footprint by
 * GHG Protocol category against the tonnes retired in the business's name, with charts, the
 * certificates, the method, and the CSV and PDF downloads. The owner can record the year's spend here.
 */
export function BusinessReportPanel({ businessCode, canEditSpend = false }: { businessCode: string; canEditSpend?: boolean }) {
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const report = useBusinessReport(businessCode, year);
  const yearId = useId();

  return (
    <section className="business-card business-report" aria-labelledby="business-report-title">
      <div className="business-report__head">
        <div>
          <h2 id="business-report-title" className="business-card__title">
            Emissions report
          </h2>
          <p className="business-muted">A calendar year mapped to GHG Protocol scope 3 categories, against the offsets retired in the business's name.</p>
        </div>
        <div className="business-report__controls">
          <label htmlFor={yearId}>Year</label>
          <select id={yearId} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <DownloadButton businessCode={businessCode} year={year} format="csv" />
          <DownloadButton businessCode={businessCode} year={year} format="pdf" />
        </div>
      </div>
      <ReportSharingToggle businessCode={businessCode} />
      {canEditSpend && <YearSpendEditor key={year} businessCode={businessCode} year={year} recorded={report.data?.operations.recorded} />}

      {report.isPending && (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading the emissions report
          </p>
          <Skeleton height={90} radius="var(--radius-md)" />
          <Skeleton height={240} radius="var(--radius-md)" />
        </div>
      )}
      {report.isError && (
        <div className="business-alert" role="alert">
          <p>{report.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {report.data && <ReportBody report={report.data} />}
    </section>
  );
}

function DownloadButton({ businessCode, year, format }: { businessCode: string; year: number; format: 'csv' | 'pdf' }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        const outcome = await downloadReport(businessCode, year, format);
        setBusy(false);
        if (!outcome.ok) toast.error(outcome.message);
      }}
    >
      {busy ? 'Downloading…' : `Download ${format.toUpperCase()}`}
    </Button>
  );
}

function ReportBody({ report }: { report: BusinessReport }) {
  const figures: Array<[string, number, string?]> = [
    ['Scope 3 inventory', report.totals.inventoryKg, 'report-inventory'],
    ["Members' footprints (memo)", report.totals.membersKg],
    ['Retired (valid certificates)', report.totals.retiredKg, 'report-retired'],
    ['Net (gross − retired)', report.totals.netKg, 'report-net'],
  ];
  return (
    <>
      <dl className="business-report__figures">
        {figures.map(([label, kg, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{tonnes(kg)} CO₂e</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={<Skeleton height={280} radius="var(--radius-md)" />}>
        <ReportCharts report={report} />
      </Suspense>

      {report.categories.length > 0 && (
        <table className="business-report__table">
          <caption className="visually-hidden">Emissions by category</caption>
          <thead>
            <tr>
              <th scope="col">Category, item and factor source</th>
              <th scope="col">t CO₂e</th>
            </tr>
          </thead>
          <tbody>
            {report.categories.flatMap((category) => [
              <tr key={category.category} className="business-report__category">
                <th scope="row">{category.label}</th>
                <td>{tonnes(category.kg)}</td>
              </tr>,
              ...report.lines
                .filter((line) => line.category === category.category)
                .map((line, i) => (
                  <tr key={`${category.category}-${i}`}>
                    <td>
                      {line.label}
                      <span className="business-report__source">
                        {line.factorSource} ({line.factorYear})
                      </span>
                    </td>
                    <td>{tonnes(line.kg)}</td>
                  </tr>
                )),
            ])}
          </tbody>
        </table>
      )}

      <h3 className="business-report__subtitle">Certificates retired in {report.year}</h3>
      {report.retired.certificates.length === 0 ? (
        <p className="business-empty">No certificates were issued in the business's name in {report.year}. Offsets bought for the business or its events show here once paid.</p>
      ) : (
        <ul className="business-report__certificates">
          {report.retired.certificates.map((c) => (
            <li key={c.serial}>
              <strong>{formatTonnesNumber(c.tonnes)} t</strong> · {c.projectName}
              <br />
              <span className="business-muted">
                <code>{c.serial}</code> · {c.standard ?? 'No standard stated'} · {c.vintage ? `vintage ${c.vintage}` : 'no vintage stated'} ·{' '}
                {c.projectValidUntil ? `valid until ${formatDay(c.projectValidUntil)}` : 'no validity date'} · issued {formatDate(c.issuedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {report.retired.voidExcluded > 0 && (
        <p className="business-muted">
          {report.retired.voidExcluded} void (refunded) {report.retired.voidExcluded === 1 ? 'certificate is' : 'certificates are'} not counted.
        </p>
      )}

      <details className="business-report__method">
        <summary>Method, sources and what is not covered</summary>
        <ul>
          {report.method.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>Not covered:</p>
        <ul>
          {report.notCovered.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </details>
    </>
  );
}
