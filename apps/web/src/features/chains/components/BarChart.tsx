import { barShares, type Bucket } from '../chart-buckets.ts';

/**
 * A simple bar chart in SVG: one bar a period, its value as text for screen readers (the chart
 * is a figure with a caption and a visually hidden table of the same numbers).
 */
export function BarChart({ title, buckets, format }: { title: string; buckets: Bucket[]; format: (value: number) => string }) {
  const shares = barShares(buckets.map((b) => b.value));
  const width = 100 / Math.max(1, buckets.length);
  const empty = buckets.every((b) => b.value === 0);
  // About five labels, counted back from the latest period so it is always named.
  const labelStep = Math.max(1, Math.ceil(buckets.length / 5));
  return (
    <figure className="bar-chart" data-testid="bar-chart">
      <figcaption className="bar-chart__title">{title}</figcaption>
      <div className="bar-chart__plot" aria-hidden="true">
        <svg viewBox="0 0 100 50" preserveAspectRatio="none" className="bar-chart__svg" role="presentation">
          <line x1="0" y1="49.75" x2="100" y2="49.75" className="bar-chart__axis" />
          {buckets.map((bucket, i) => {
            const h = Math.max(shares[i]! * 46, bucket.value > 0 ? 1 : 0);
            return <rect key={bucket.key} x={i * width + width * 0.15} width={width * 0.7} y={49.5 - h} height={h} rx="0.6" className="bar-chart__bar" />;
          })}
        </svg>
        <div className="bar-chart__labels">
          {buckets.map((bucket, i) => (
            <span key={bucket.key} className={(buckets.length - 1 - i) % labelStep === 0 ? '' : 'bar-chart__label--minor'}>
              {bucket.label}
            </span>
          ))}
        </div>
      </div>
      {empty && <p className="chain-muted">Nothing in this window yet.</p>}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.key}>
              <th scope="row">{bucket.label}</th>
              <td>{format(bucket.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
