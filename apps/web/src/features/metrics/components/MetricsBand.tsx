import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { getMetrics, type PlatformFigures } from '../api/get-metrics.ts';
import './metrics-band.css';

/**
 * Each figure with the least it must reach to be shown (issue 26: "0 orders · 0 t · 0 members" on
 * a new shop's home page looks dead, and "3 members" says little more). Below it a figure is left
 * out; with none of the activity figures shown, the band says the shop has just opened.
 */
export const FIGURES: { key: keyof PlatformFigures; label: string; showFrom: number }[] = [
  { key: 'products', label: 'Products and projects', showFrom: 1 },
  { key: 'orders', label: 'Orders placed', showFrom: 25 },
  { key: 'tonnesRetired', label: 'Tonnes of CO2e retired', showFrom: 10 },
  { key: 'members', label: 'Members', showFrom: 25 },
];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function shownFigures(figures: PlatformFigures) {
  return FIGURES.filter((figure) => figures[figure.key] >= figure.showFrom);
}

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
        ) : result.state === 'ready' && shownFigures(result.figures).length <= 1 ? (
          <p className="metrics-band__launch" data-testid="metrics-launch">
            {result.figures.products > 0 ? `${number.format(result.figures.products)} products and projects, ` : ''}
            and a shop that has just opened: the first orders, tonnes retired and members will show here as they come.
          </p>
        ) : (
          <dl className="metrics-band__list">
            {(result.state === 'ready' ? shownFigures(result.figures) : FIGURES).map((figure) => (
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
