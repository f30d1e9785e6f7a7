import { Link } from 'react-router';
import type { Currency, Product } from '@app/contract';
import { emptyCatalogQuery, type CatalogQuery } from '@app/contract/catalog-query';
import { HOME_GRID_SIZE } from '@app/contract/constants';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useProductPage } from '../api/use-catalog.ts';
import { ProductCard } from './ProductCard.tsx';
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx';
import './product-catalog.css';

export type ProductKindFilter = Product['kind'] | null;

const SKELETON_COUNT = 8;

const EMPTY_TEXT: Record<'all' | Product['kind'], { title: string; body: string }> = {
  all: {
    title: 'The shop is being stocked',
    body: 'New offset projects and sustainable goods are on their way. Please check back soon.',
  },
  offset: {
    title: 'No offset projects right now',
    body: 'Every project we list is verified first, so new ones take a little time. Meanwhile, browse the whole shop.',
  },
  goods: {
    title: 'No sustainable goods right now',
    body: 'We are restocking. Meanwhile, browse the whole shop.',
  },
};

/** What the link to the catalog under the grid calls the products: singular, plural. */
const BROWSE_NOUN: Record<'all' | Product['kind'], [string, string]> = {
  all: ['product', 'products'],
  offset: ['offset project', 'offset projects'],
  goods: ['sustainable good', 'sustainable goods'],
};

/**
 * The grid's query: the first HOME_GRID_SIZE products of a kind, in the catalog's order. One
 * page, whatever the catalog's size, so the home page's HTML, data island and hydration stay
 * small; the server renders it from the same query (entry-server.tsx).
 */
export function productGridQuery(kind: ProductKindFilter): CatalogQuery {
  return { ...emptyCatalogQuery(), kind: kind ? [kind] : [], page: 1, size: HOME_GRID_SIZE };
}

export interface ProductCatalogProps {
  kind: ProductKindFilter;
  currency: Currency;
  onAddToCart: (product: Product) => void;
}

/**
 * The home page's product grid with its loading, error and empty states: the first products of
 * `kind` (a page from the API), the total, and a link to the catalog page for all of them.
 */
export function ProductCatalog({ kind, currency, onAddToCart }: ProductCatalogProps) {
  const { data, isPending, isError, isFetching, refetch } = useProductPage(productGridQuery(kind));

  if (isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
        {/* Holds the place of the item count, so nothing moves when the grid arrives. */}
        <Skeleton className="catalog-count catalog-count--skeleton" width="4.5rem" />
        <ul className="product-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (isError) {
    return (
      <div className="catalog-state catalog-state--error" role="alert">
        <h3 className="catalog-state__title">Failed to fetch products</h3>
        <p className="catalog-state__body">Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  const { products, meta } = data!; // defined here: neither pending nor failed

  if (products.length === 0) {
    const text = EMPTY_TEXT[kind ?? 'all'];
    return (
      <div className="catalog-state">
        <h3 className="catalog-state__title">{text.title}</h3>
        <p className="catalog-state__body">{text.body}</p>
        {kind && (
          <Link to="/" className="catalog-state__link">
            Browse all products
          </Link>
        )}
      </div>
    );
  }

  const total = meta.total;
  const noun = BROWSE_NOUN[kind ?? 'all'][total === 1 ? 0 : 1];
  return (
    <>
      {/* The whole count, not the cards shown: the link below leads to the rest. */}
      <p className="catalog-count" role="status">
        {total} {total === 1 ? 'item' : 'items'}
      </p>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} currency={currency} onAddToCart={onAddToCart} />
          </li>
        ))}
      </ul>
      <p className="catalog-more">
        <Link to={kind ? `/products?kind=${kind}` : '/products'} className={buttonClassName('secondary')}>
          Browse all {total} {noun}
        </Link>
      </p>
    </>
  );
}
