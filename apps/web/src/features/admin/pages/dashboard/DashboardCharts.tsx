import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@app/contract/admin';
import { isSupportedCurrency, minorToMajor } from '@app/contract/money';
import { formatPeriod } from '../../../../lib/dates.ts';

const SERIES_COLOURS = ['var(--color-accent)', 'var(--color-success)', '#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f'];

/**
 * The dashboard's charts (recharts, the chart library the shop already uses). The only module of
 * the console that imports recharts, loaded after the figures, so nothing else waits for it.
 * Each chart has a caption; the figures are in the tiles above for screen readers. Drawn without
 * animation: figures an operator reads, not a show (and nothing moves for those who prefer less motion).
 */
export default function DashboardCharts({ series, interval }: { series: Dashboard['series']; interval: string }) {
  const currencies = [...new Set(series.flatMap((point) => point.revenue.map((amount) => amount.currency)))];
  const data = series.map((point) => ({
    period: formatPeriod(point.period, interval === 'month' ? 'month' : 'day'),
    orders: point.orders,
    tonnes: point.tonnes,
    newCustomers: point.newCustomers,
    // A period without sales in a currency is 0 there, so each line is drawn through every period.
    ...Object.fromEntries(currencies.map((currency) => [currency, 0])),
    ...Object.fromEntries(point.revenue.map((amount) => [amount.currency, isSupportedCurrency(amount.currency) ? minorToMajor(amount.amountMinor, amount.currency) : amount.amountMinor])),
  }));
  const axis = { tick: { fontSize: 12 }, stroke: 'var(--color-text-subtle)' };
  return (
    <div className="admin-charts">
      <figure className="admin-card admin-chart">
        <figcaption className="admin-chart__title">Revenue per {interval} (paid, by currency)</figcaption>
        {currencies.length === 0 && <p className="admin-chart__empty">No paid orders in this range.</p>}
        <div className="admin-chart__canvas" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="period" {...axis} />
              <YAxis width={64} {...axis} />
              <Tooltip />
              <Legend />
              {currencies.map((currency, index) => (
                // Straight segments with a dot per period: a curve made one day's sales look like a ramp over several.
                <Line key={currency} type="linear" dataKey={currency} name={currency} stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="admin-card admin-chart">
        <figcaption className="admin-chart__title">Orders and new customers per {interval}</figcaption>
        <div className="admin-chart__canvas" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="period" {...axis} />
              <YAxis allowDecimals={false} width={40} {...axis} />
              <Tooltip />
              <Legend />
              <Bar dataKey="orders" name="Orders" fill="var(--color-accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="newCustomers" name="New customers" fill="#94a3b8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="admin-card admin-chart">
        <figcaption className="admin-chart__title">Tonnes CO₂e retired per {interval}</figcaption>
        <div className="admin-chart__canvas" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="period" {...axis} />
              <YAxis width={48} {...axis} />
              <Tooltip />
              <Bar dataKey="tonnes" name="Tonnes" fill="var(--color-success)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
