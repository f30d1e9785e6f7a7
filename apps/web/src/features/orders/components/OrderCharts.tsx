import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Currency } from '@app/contract/money';
import type { GraphRow } from '../graph-data.ts';

/** One colour per currency series; the first two are the theme's accent and success colours. */
const SERIES_COLOURS = ['var(--color-accent)', 'var(--color-success)', '#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f'];
const TONNES_COLOUR = 'var(--color-success)';

/**
 * The spend and tonnes charts (recharts). This module is the only one that imports recharts and
 * is loaded on demand by OrderGraphs, so the chart library never joins another page's code.
 */
export default function OrderCharts({ rows, currencies, periodName }: { rows: GraphRow[]; currencies: Currency[]; periodName: string }) {
  const data = rows.map((row) => ({ label: row.label, tonnes: row.tonnes, ...row.spend }));
  return (
    <div className="order-graphs__grid">
      <figure className="order-graph" aria-label={`Spend per ${periodName}`}>
        <figcaption className="order-graph__title">Spend per {periodName}</figcaption>
        <div className="order-graph__canvas" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tick={{ fontSize: 12 }} width={56} />
              <Tooltip />
              {currencies.length > 1 && <Legend />}
              {currencies.map((currency, index) => (
                <Bar key={currency} dataKey={currency} name={currency} fill={SERIES_COLOURS[index % SERIES_COLOURS.length]} radius={[4, 4, 0, 0]} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="order-graph" aria-label={`Tonnes retired per ${periodName}`}>
        <figcaption className="order-graph__title">Tonnes CO₂e retired per {periodName}</figcaption>
        <div className="order-graph__canvas" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tick={{ fontSize: 12 }} width={56} />
              <Tooltip />
              <Bar dataKey="tonnes" name="Tonnes CO₂e" fill={TONNES_COLOUR} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
