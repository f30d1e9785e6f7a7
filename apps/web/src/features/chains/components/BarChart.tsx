import { niceMax, type Bucket } from '../chart-buckets.ts';

/**
 * A simple bar chart in SVG: one bar a period, with a scale (0, half and the top, in the chart's
 * own unit: issue 26 found the referral charts had none), and a sentence instead of an empty
 * frame when there is nothing to draw. Its values are also a visually hidden table for screen
 * readers (the chart is a figure with a caption).
 */
export function BarChart({ title, buckets, format }: { title: string; buckets: Bucket[]; format: (value: number) => string }) {
  const top = niceMax(Math.max(0, ...buckets.map((b) => b.value)));
  const width = 100 / Math.max(1, buckets.length);
  const empty = top === 0;
  // About five labels, counted back from the latest period so it is always named.
  const labelStep = Math.max(1, Math.ceil(buckets.length / 5));
  return (
    <figure className="bar-chart" data-testid="bar-chart">
      <figcaption className="bar-chart__title">{title}</figcaption>
      {empty ? (
        <p className="bar-chart__empty" data-testid="chart-empty">
          Nothing in this window yet.
        </p>
      ) : (
        <div className="bar-chart__body" aria-hidden="true">
          <div className="bar-chart__scale" data-testid="chart-scale">
            <span>{format(top)}</span>
            <span>{format(top / 2)}</span>
            <span>{format(0)}</span>
          </div>
          <div className="bar-chart__plot">
            <svg viewBox="0 0 100 50" preserveAspectRatio="none" className="bar-chart__svg" role="presentation">
              <line x1="0" y1="0.25" x2="100" y2="0.25" className="bar-chart__grid" />
              <line x1="0" y1="25" x2="100" y2="25" className="bar-chart__grid" />
              <line x1="0" y1="49.75" x2="100" y2="49.75" className="bar-chart__axis" />
              {buckets.map((bucket, i) => {
                const h = Math.max((bucket.value / top) * 49.5, bucket.value > 0 ? 1 : 0);
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
        </div>
      )}
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
