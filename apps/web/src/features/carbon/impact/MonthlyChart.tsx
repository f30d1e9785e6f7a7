import { formatPeriod } from '../../../lib/dates.ts';

const W = 320;
const H = 140;
const LEFT = 36;
const BOTTOM = 22;

/** Tonnes retired per month as small bars with a labelled axis (t CO₂e) and month labels. */
export function MonthlyChart({ months }: { months: readonly { month: string; tonnes: number }[] }) {
  if (months.length === 0) return <p className="carbon-muted">No tonnes retired yet: the chart starts with the first certificate.</p>;
  const max = Math.max(...months.map((m) => m.tonnes), 1);
  const step = (W - LEFT) / months.length;
  const bar = Math.min(28, step * 0.7);
  const y = (t: number) => (H - BOTTOM) * (1 - t / max);
  return (
    <svg className="impact-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Tonnes of CO2e retired per month: ${months.map((m) => `${formatPeriod(`${m.month}-01`, 'month')} ${m.tonnes} t`).join(', ')}`}>
      <text x={LEFT - 6} y={10} textAnchor="end" className="impact-chart__axis">
        {max.toLocaleString('en', { maximumFractionDigits: 1 })} t
      </text>
      <text x={LEFT - 6} y={H - BOTTOM} textAnchor="end" className="impact-chart__axis">
        0
      </text>
      <line x1={LEFT} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} className="impact-chart__baseline" />
      {months.map((m, i) => {
        const x = LEFT + i * step + (step - bar) / 2;
        return (
          <g key={m.month}>
            <rect x={x} y={y(m.tonnes)} width={bar} height={H - BOTTOM - y(m.tonnes)} rx={3} className="impact-chart__bar" />
            <text x={x + bar / 2} y={H - 6} textAnchor="middle" className="impact-chart__axis">
              {formatPeriod(`${m.month}-01`, 'month').split(' ')[0]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
