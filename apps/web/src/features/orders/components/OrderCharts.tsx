import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Currency } from '@app/contract/money';
import type { GraphRow } from '../graph-data.ts';

/** One colour per currency series; the first two are the theme's accent and success colours. */
const SERIES_COLOURS = ['var(--color-accent)', 'var(--color-success)', '#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f'];
const TONNES_COLOUR = 'var(--color-success)';
const TICK = { fontSize: 12 };
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure with its caption: the chart, or (nothing to draw) a sentence in its place, never an empty frame. */
function ChartFigure({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <figure className="order-graph" aria-label={title}>
      <figcaption className="order-graph__title">{title}</figcaption>
      {empty ? (
        <p className="order-graph__empty" data-testid="chart-empty">
          {empty}
        </p>
      ) : (
        <div className="order-graph__canvas" aria-hidden="true">
          {children}
        </div>
      )}
    </figure>
  );
}

/**
 * The spend and tonnes charts (recharts). This module is the only one that imports recharts and
 * is loaded on demand by OrderGraphs, so the chart library never joins another page's code.
 * Each axis says its unit (issue 26: charts without scale, and an empty "Spend" frame).
 */
export default function OrderCharts({ rows, currencies, periodName }: { rows: GraphRow[]; currencies: Currency[]; periodName: string }) {
  const data = rows.map((row) => ({ label: row.label, tonnes: row.tonnes, ...row.spend }));
  const spent = currencies.length > 0 && rows.some((row) => Object.values(row.spend).some((amount) => (amount ?? 0) > 0));
  const retired = rows.some((row) => row.tonnes > 0);
  const spendUnit = currencies.length === 1 ? currencies[0]! : 'amount in each currency';
  return (
    <div className="order-graphs__grid">
      <ChartFigure title={`Spend per ${periodName} (${spendUnit})`} empty={spent ? null : `No spend yet: paid orders show here by ${periodName}.`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 16, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={TICK} label={{ value: periodName === 'year' ? 'Year' : 'Month', position: 'insideBottom', offset: -8, fontSize: 12 }} />
            <YAxis tick={TICK} width={64} tickFormatter={(value: number) => compact.format(value)} label={{ value: spendUnit.length <= 3 ? spendUnit : 'Spend', angle: -90, position: 'insideLeft', fontSize: 12 }} />
            <Tooltip />
            {currencies.length > 1 && <Legend />}
            {currencies.map((currency, index) => (
              <Bar key={currency} dataKey={currency} name={currency} fill={SERIES_COLOURS[index % SERIES_COLOURS.length]} radius={[4, 4, 0, 0]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure title={`Tonnes CO₂e retired per ${periodName}`} empty={retired ? null : 'No tonnes retired yet: offsets in paid orders show here.'}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 16, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={TICK} label={{ value: periodName === 'year' ? 'Year' : 'Month', position: 'insideBottom', offset: -8, fontSize: 12 }} />
            <YAxis tick={TICK} width={64} allowDecimals={false} label={{ value: 't CO₂e', angle: -90, position: 'insideLeft', fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="tonnes" name="Tonnes CO₂e" fill={TONNES_COLOUR} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
    </div>
  );
}
