import { useSearchParams } from 'react-router';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { NewsletterPopupLauncher } from '../../features/newsletter/components/NewsletterPopupLauncher.tsx';
import { lazySection } from '../lazy-section.tsx';
import { parseKind } from '../nav-items.ts';
import { KIND_INTRO, homeTitle } from '../page-meta.ts';
import { HomeHero } from './HomeHero.tsx';
import { HomeProductRows } from './HomeProductRows.tsx';
import { KindFilter } from './KindFilter.tsx';
import { PageTitle } from './PageTitle.tsx';
import './home.css';
// Styles of the sections below, here so the server-rendered page is styled before their code arrives.
import '../../features/metrics/components/metrics-band.css';
import '../../features/newsletter/components/newsletter.css';
import '../../features/products/components/product-catalog.css';
import '../../features/products/components/product-card.css';
import '../../features/wishlist/components/wishlist-heart.css';
import '../../features/compare/components/compare-toggle.css';

// Below the fold on a phone: their code loads (and they hydrate) when they come near the viewport.
const MetricsBand = lazySection({
  load: () => import('../../features/metrics/components/MetricsBand.tsx').then((module) => module.MetricsBand),
  hydrate: 'visible',
});
const HomeShopGrid = lazySection({
  load: () => import('./HomeShopGrid.tsx').then((module) => module.HomeShopGrid),
  hydrate: 'visible',
});
const NewsletterInline = lazySection({
  load: () => import('../../features/newsletter/components/NewsletterInline.tsx').then((module) => module.NewsletterInline),
  hydrate: 'visible',
});

/**
 * The shop's home: a hero for the whole shop, the platform figures, featured and on-offer rows,
 * the product grid and the newsletter form; with ?kind= a short intro and the filtered grid.
 * The newsletter popup is offered once per visitor from here (its code loads only then). The app layer wires features together (products, cart count, currency, toasts)
 * so the feature slices never import one another. Rendered on the server too (entry-server).
 */
export function HomePage() {
  const [searchParams] = useSearchParams();
  const kind = parseKind(searchParams.get('kind'));
  const currency = useDisplayCurrency();
  const intro = kind ? KIND_INTRO[kind] : null;

  return (
    <>
      <PageTitle title={homeTitle(kind)} />
      {intro ? (
        <section className="page-intro">
          <div className="container">
            <h1 className="page-intro__title">{intro.title}</h1>
            <p className="page-intro__lead">{intro.lead}</p>
          </div>
        </section>
      ) : (
        <>
          <HomeHero />
          <MetricsBand />
          <HomeProductRows currency={currency} />
        </>
      )}

      <section className="container shop-section" aria-labelledby="shop-heading">
        <div className="shop-section__header">
          <h2 id="shop-heading" className={intro ? 'visually-hidden' : 'shop-section__title'}>
            {intro ? 'Products' : 'Shop all'}
          </h2>
          <KindFilter basePath="/" kind={kind} />
        </div>
        <HomeShopGrid kind={kind} />
      </section>

      <NewsletterInline />
      <NewsletterPopupLauncher />
    </>
  );
}
