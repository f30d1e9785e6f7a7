import { useSearchParams } from 'react-router';
import { ProductCatalog } from '../../features/products/components/ProductCatalog.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { parseKind } from '../nav-items.ts';
import { CATALOG_LEAD, KIND_INTRO, catalogTitle } from '../page-meta.ts';
import { KindFilter } from './KindFilter.tsx';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import './home.css';

/**
 * `/products`: the whole catalog as a grid, optionally narrowed by ?kind=. Deliberately plain:
 * the storefront issue adds filters and search here, reading more search params the same way.
 */
export function CatalogPage() {
  const [searchParams] = useSearchParams();
  const kind = parseKind(searchParams.get('kind'));
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
        <div className="shop-section__header">
          <h2 id="catalog-heading" className="visually-hidden">
            Products
          </h2>
          <KindFilter basePath="/products" kind={kind} />
        </div>
        <ProductCatalog kind={kind} currency={currency} onAddToCart={handleAddToCart} />
      </section>
    </>
  );
}
