import { useSearchParams } from 'react-router';
import { ProductCatalog } from '../../features/products/components/ProductCatalog.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { MetricsBand } from '../../features/metrics/index.ts';
import { NewsletterInline, NewsletterPopupLauncher } from '../../features/newsletter/index.ts';
import { parseKind } from '../nav-items.ts';
import { KIND_INTRO, homeTitle } from '../page-meta.ts';
import { HomeHero } from './HomeHero.tsx';
import { HomeProductRows } from './HomeProductRows.tsx';
import { KindFilter } from './KindFilter.tsx';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import './home.css';

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
  const handleAddToCart = useAddToCart();
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
        <ProductCatalog kind={kind} currency={currency} onAddToCart={handleAddToCart} />
      </section>

      <NewsletterInline />
      <NewsletterPopupLauncher />
    </>
  );
}
