import { useSearchParams } from 'react-router';
import { CatalogBrowser } from '../../features/products/components/CatalogBrowser.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { catalogKind } from '../../features/products/catalog-url.ts';
import { CATALOG_LEAD, KIND_INTRO, catalogTitle } from '../page-meta.ts';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import './home.css';

/**
 * `/products`: the catalog with search, filters, sorting and pages, all in the URL's search
 * params. `?kind=offset|goods` (the header's links) is one of those filters. Its own chunk with
 * the catalog browser (routes.tsx), so the home and product pages do not download it.
 */
export function CatalogPage() {
  const [searchParams] = useSearchParams();
  // The intro speaks of one kind only when exactly that kind is chosen.
  const kind = catalogKind(searchParams);
  const currency = useDisplayCurrency();
  const handleAddToCart = useAddToCart();

  return (
    <>
      <PageTitle title={catalogTitle(kind)} />
      <section className="page-intro">
        <div className="container">
          <h1 className="page-intro__title">All products</h1>
          <p className="page-intro__lead">{kind ? KIND_INTRO[kind].lead : CATALOG_LEAD}</p>
        </div>
      </section>
      <section className="container shop-section" aria-labelledby="catalog-heading">
        <h2 id="catalog-heading" className="visually-hidden">
          Products
        </h2>
        <CatalogBrowser currency={currency} onAddToCart={handleAddToCart} />
      </section>
    </>
  );
}
