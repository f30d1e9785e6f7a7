import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { getMetrics, type PlatformFigures } from '../api/get-metrics.ts';
import './metrics-band.css';

const FIGURES: { key: keyof PlatformFigures; label: string }[] = [
  { key: 'products', label: 'Products and projects' },
  { key: 'orders', label: 'Orders placed' },
  { key: 'tonnesRetired', label: 'Tonnes of CO2e retired' },
  { key: 'members', label: 'Members' },
];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

type Load = { state: 'loading' } | { state: 'ready'; figures: PlatformFigures } | { state: 'failed' };

/**
 * The home page's platform figures. They are fetched after hydration (the server renders the
 * skeleton, which holds their place so nothing moves), and a failure only says the figures are
 * unavailable: they are a nice-to-have, not a reason for an error on the home page.
 */
export function MetricsBand({ load = getMetrics }: { load?: () => Promise<PlatformFigures | null> }) {
  const [result, setResult] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    void load().then((figures) => {
      if (live) setResult(figures ? { state: 'ready', figures } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [load]);

  return (
    <section className="metrics-band" aria-labelledby="metrics-title" aria-busy={result.state === 'loading'}>
      <div className="container">
        <h2 id="metrics-title" className="metrics-band__title">
          Carbonwise in numbers
        </h2>
        {result.state === 'failed' ? (
          <p className="metrics-band__unavailable">Our figures are unavailable right now.</p>
        ) : (
          <dl className="metrics-band__list">
            {FIGURES.map((figure) => (
              <div key={figure.key} className="metrics-band__item">
                <dt className="metrics-band__label">{figure.label}</dt>
                <dd className="metrics-band__value" data-metric={figure.key}>
                  {result.state === 'ready' ? number.format(result.figures[figure.key]) : <Skeleton width="4ch" height="1em" />}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
