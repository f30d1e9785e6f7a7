import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BusinessReport } from '@app/contract/business-carbon';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TICK = { fontSize: 12 };
const SHORT: Record<string, string> = {
  'scope3.1': 'Cat. 1 Purchased goods',
  'scope3.4': 'Cat. 4 Upstream transport',
  'scope3.5': 'Cat. 5 Waste',
  'scope3.6': 'Cat. 6 Business travel',
  'memo.members': 'Memo: members',
};
const number = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 2 });

function ChartFigure({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <figure className="business-report__chart" aria-label={title}>
      <figcaption className="business-report__chart-title">{title}</figcaption>
      {empty ? (
        <p className="business-empty" data-testid="chart-empty">
          {empty}
        </p>
      ) : (
        <div className="business-report__canvas" aria-hidden="true">
          {children}
        </div>
      )}
    </figure>
  );
}

/**
 * The report's two charts (recharts, loaded on demand): emissions by category, horizontal, and
 * tonnes retired by month. Each axis names its unit; nothing to draw shows a sentence instead.
 */
export default function ReportCharts({ report }: { report: BusinessReport }) {
  const categories = report.categories.map((c) => ({ name: SHORT[c.category] ?? c.category, tonnes: c.kg / 1000, memo: c.category === 'memo.members' }));
  const months = report.retired.byMonth.map((t, i) => ({ month: MONTHS[i], tonnes: t }));
  return (
    <div className="business-report__charts">
      <ChartFigure title={`Emissions by category, ${report.year} (t CO₂e)`} empty={categories.length ? null : `Nothing recorded for ${report.year}: no spend saved for that year, no event footprints and no shared member footprints.`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={categories} layout="vertical" margin={{ top: 8, right: 16, bottom: 20, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={TICK} tickFormatter={number} label={{ value: 't CO₂e', position: 'insideBottom', offset: -12, fontSize: 12 }} />
            <YAxis type="category" dataKey="name" tick={TICK} width={120} />
            <Tooltip formatter={(value) => [`${number(Number(value))} t CO₂e`, 'Emissions']} />
            <Bar dataKey="tonnes" radius={[0, 4, 4, 0]}>
              {categories.map((c) => (
                <Cell key={c.name} fill={c.memo ? 'var(--color-border-strong, #9bbfad)' : 'var(--color-success)'} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure title={`Tonnes retired by month, ${report.year} (t CO₂e)`} empty={report.retired.tonnes > 0 ? null : `No tonnes retired in ${report.year}: offsets bought for the business show here once paid.`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={months} margin={{ top: 8, right: 8, bottom: 24, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 11 }} interval={0} angle={-45} textAnchor="end" height={44} label={{ value: 'Month (UTC)', position: 'insideBottom', offset: -14, fontSize: 12 }} />
            <YAxis tick={TICK} width={56} tickFormatter={number} label={{ value: 't CO₂e', angle: -90, position: 'insideLeft', fontSize: 12 }} />
            <Tooltip formatter={(value) => [`${number(Number(value))} t CO₂e`, 'Retired']} />
            <Bar dataKey="tonnes" fill="var(--color-accent)" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
    </div>
  );
}
