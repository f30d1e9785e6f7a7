import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Product } from '@app/contract';
import { useToast } from '../../components/ui/useToast.ts';
import { ProductCatalog } from '../../features/products/components/ProductCatalog.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { incrementCartCount } from '../../features/cart/cart-count-store.ts';
import { SHOP_NAV_ITEMS, parseKind } from '../nav-items.ts';
import { HomeHero } from './HomeHero.tsx';
import './home.css';

const FILTERED_INTRO = {
  offset: {
    title: 'Carbon offset projects',
    lead: 'Fund verified projects that remove or avoid carbon emissions, from reforestation to clean cookstoves.',
  },
  goods: {
    title: 'Sustainable goods',
    lead: 'Everyday products chosen for a smaller footprint: durable, repairable and responsibly made.',
  },
} as const;

/**
 * The shop's home: a hero for the whole shop, or a short intro when ?kind= filters it, then the
 * product grid. The app layer wires features together (products, cart count, currency, toasts)
 * so the feature slices never import one another.
 */
export function HomePage() {
  const [searchParams] = useSearchParams();
  const kind = parseKind(searchParams.get('kind'));
  const currency = useDisplayCurrency();
  const toast = useToast();

  // Carts come in a later issue; for now adding only counts and confirms (spec §8 toast text).
  const handleAddToCart = useCallback(
    (_product: Product) => {
      incrementCartCount();
      toast.success('Added to cart Successfully');
    },
    [toast],
  );

  const intro = kind ? FILTERED_INTRO[kind] : null;

  return (
    <>
      <title>
        {intro ? `${intro.title} — Carbonwise` : 'Carbonwise — carbon offsets & sustainable goods'}
      </title>
      {intro ? (
        <section className="page-intro">
          <div className="container">
            <h1 className="page-intro__title">{intro.title}</h1>
            <p className="page-intro__lead">{intro.lead}</p>
          </div>
        </section>
      ) : (
        <HomeHero />
      )}

      <section className="container shop-section" aria-labelledby="shop-heading">
        <div className="shop-section__header">
          <h2 id="shop-heading" className={intro ? 'visually-hidden' : 'shop-section__title'}>
            {intro ? 'Products' : 'Shop all'}
          </h2>
          <nav aria-label="Filter products" className="filter-pills">
            {SHOP_NAV_ITEMS.map((item) => (
              <Link
                key={item.label}
                to={item.to}
                className="filter-pill"
                aria-current={kind === item.kind ? 'page' : undefined}
                preventScrollReset
              >
                {item.kind === null ? 'All' : item.label}
              </Link>
            ))}
          </nav>
        </div>
        <ProductCatalog kind={kind} currency={currency} onAddToCart={handleAddToCart} />
      </section>
    </>
  );
}
