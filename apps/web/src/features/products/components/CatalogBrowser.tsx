import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Currency } from '@app/contract/money';
import { isFiltered, type CatalogFacets, type CatalogQuery } from '@app/contract/catalog-query';
import type { Product } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useCatalogFacets, useProductPage } from '../api/use-catalog.ts';
import { activeFilterCount, catalogQueryFromUrl, catalogSearchString, clearedQuery, toggled } from '../catalog-url.ts';
import { CatalogFilters, KIND_FILTER_LABEL } from './CatalogFilters.tsx';
import { CatalogPagination } from './CatalogPagination.tsx';
import { CatalogSearchBox, CatalogSort } from './CatalogToolbar.tsx';
import { ProductCard } from './ProductCard.tsx';
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx';
import './product-catalog.css';
import './catalog-browser.css';

const SKELETON_COUNT = 8;

/** Chips for the chosen filters, each removing itself; names come from the facets when known. */
function ActiveFilters({ query, facets, onChange }: { query: CatalogQuery; facets: CatalogFacets | undefined; onChange: (next: CatalogQuery) => void }) {
  const name = (list: { name: string; slug?: string; code?: string }[] | undefined, key: string) => list?.find((item) => (item.slug ?? item.code) === key)?.name ?? key;
  const chips: { key: string; label: string; next: CatalogQuery }[] = [];
  const add = <K extends 'category' | 'country' | 'standard' | 'sdg' | 'tag' | 'kind' | 'availability'>(facet: K, label: (value: CatalogQuery[K][number]) => string) => {
    for (const value of query[facet] as CatalogQuery[K][number][]) chips.push({ key: `${facet}-${value}`, label: label(value), next: toggled(query, facet, value) });
  };
  if (query.q) chips.push({ key: 'q', label: `“${query.q}”`, next: { ...query, q: undefined, page: 1 } });
  add('kind', (kind) => KIND_FILTER_LABEL[kind]);
  add('category', (slug) => name(facets?.categories, slug));
  add('standard', (slug) => name(facets?.standards, slug));
  add('sdg', (n) => `SDG ${n}`);
  add('availability', (value) => (value === 'inStock' ? 'In stock' : 'Out of stock'));
  add('country', (code) => name(facets?.countries, code));
  add('tag', (tag) => tag);
  if (query.minPrice !== undefined) chips.push({ key: 'min', label: `From ${query.minPrice} ${query.currency}`, next: { ...query, minPrice: undefined, page: 1 } });
  if (query.maxPrice !== undefined) chips.push({ key: 'max', label: `Up to ${query.maxPrice} ${query.currency}`, next: { ...query, maxPrice: undefined, page: 1 } });
  if (chips.length === 0) return null;
  return (
    <div className="catalog-active">
      <ul className="catalog-active__list" aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="catalog-chip" onClick={() => onChange(chip.next)} aria-label={`Remove filter ${chip.label}`}>
              {chip.label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="catalog-active__clear" onClick={() => onChange(clearedQuery(query))}>
        Clear filters
      </button>
    </div>
  );
}

/** On phones the filters open in a drawer: a native modal <dialog> (focus trap, Escape, inert page). */
function FiltersDrawer({ open, onClose, total, children }: { open: boolean; onClose: () => void; total: number | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} className="filters-drawer" aria-labelledby="filters-drawer-title" onClose={onClose} onCancel={onClose}>
      <div className="filters-drawer__header">
        <h2 id="filters-drawer-title" className="filters-drawer__title">
          Filters
        </h2>
        <button type="button" className="filters-drawer__close" onClick={onClose} aria-label="Close filters">
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="filters-drawer__body">{open && children}</div>
      <div className="filters-drawer__footer">
        <Button fullWidth onClick={onClose}>
          {total === undefined ? 'Show products' : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
        </Button>
      </div>
    </dialog>
  );
}

export interface CatalogBrowserProps {
  currency: Currency;
  onAddToCart: (product: Product) => void;
}

/**
 * The catalog page's body: search, sort, facet filters (a sidebar on wide screens, a drawer on
 * phones), the product grid with its loading, error and empty states, and pagination. All of it
 * lives in the URL's search params: a filtered view is a link, and Back undoes a change.
 */
export function CatalogBrowser({ currency, onAddToCart }: CatalogBrowserProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => catalogQueryFromUrl(searchParams, currency), [searchParams, currency]);
  const page = useProductPage(query);
  const facets = useCatalogFacets(query);
  const [drawerOpen, setDrawerOpen] = useState(false);

  /** A new history entry per change; the page keeps its scroll position (state read by useScrollRestoration). */
  const apply = (next: CatalogQuery) => {
    const search = catalogSearchString(next);
    void navigate({ pathname: '/products', search: search ? `?${search}` : '' }, { state: { keepScroll: true } });
  };

  const filterCount = activeFilterCount(query);
  const filtered = isFiltered(query);
  const total = page.data?.meta.total;

  return (
    <div className="catalog-layout">
      <aside className="catalog-layout__filters" aria-labelledby="catalog-filters-title">
        <h2 id="catalog-filters-title" className="catalog-layout__filters-title">
          Filters
        </h2>
        <CatalogFilters query={query} facets={facets.data} onChange={apply} />
      </aside>

      <div className="catalog-layout__main">
        <div className="catalog-toolbar">
          <CatalogSearchBox key={query.q ?? ''} query={query} onChange={apply} />
          <div className="catalog-toolbar__row">
            <button type="button" className="btn btn--secondary btn--md catalog-toolbar__filters" onClick={() => setDrawerOpen(true)} aria-haspopup="dialog">
              Filters{filterCount > 0 ? ` (${filterCount})` : ''}
            </button>
            <CatalogSort query={query} onChange={apply} />
          </div>
        </div>
        <ActiveFilters query={query} facets={facets.data} onChange={apply} />
        <CatalogResults query={query} page={page} filtered={filtered} onChange={apply} currency={currency} onAddToCart={onAddToCart} />
      </div>

      <FiltersDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} total={total}>
        <CatalogFilters query={query} facets={facets.data} onChange={apply} />
      </FiltersDrawer>
    </div>
  );
}

function CatalogResults({
  query,
  page,
  filtered,
  onChange,
  currency,
  onAddToCart,
}: {
  query: CatalogQuery;
  page: ReturnType<typeof useProductPage>;
  filtered: boolean;
  onChange: (next: CatalogQuery) => void;
  currency: Currency;
  onAddToCart: (product: Product) => void;
}) {
  if (page.isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
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

  if (page.isError || !page.data) {
    return (
      <div className="catalog-state catalog-state--error" role="alert">
        <h3 className="catalog-state__title">Failed to fetch products</h3>
        <p className="catalog-state__body">Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void page.refetch()} loading={page.isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  const { products, meta } = page.data;
  if (products.length === 0) {
    if (filtered) {
      return (
        <div className="catalog-state">
          <h3 className="catalog-state__title">{query.q ? `No products match “${query.q}”` : 'No products match these filters'}</h3>
          <p className="catalog-state__body">
            {query.q ? 'Check the spelling, try a shorter word, or clear the filters to see everything.' : 'Remove a filter or clear them all to see more products.'}
          </p>
          <Button variant="secondary" onClick={() => onChange(clearedQuery(query))}>
            Clear filters
          </Button>
        </div>
      );
    }
    if (meta.total > 0) {
      return (
        <div className="catalog-state">
          <h3 className="catalog-state__title">This page is empty</h3>
          <p className="catalog-state__body">There are fewer products than this page number needs.</p>
          <Button variant="secondary" onClick={() => onChange({ ...query, page: 1 })}>
            Go to the first page
          </Button>
        </div>
      );
    }
    return (
      <div className="catalog-state">
        <h3 className="catalog-state__title">The shop is being stocked</h3>
        <p className="catalog-state__body">New offset projects and sustainable goods are on their way. Please check back soon.</p>
      </div>
    );
  }

  const first = (meta.page - 1) * meta.size + 1;
  const last = first + products.length - 1;
  return (
    <>
      <p className="catalog-count" role="status">
        {meta.total === products.length
          ? `${meta.total} ${meta.total === 1 ? 'item' : 'items'}`
          : `${first}–${last} of ${meta.total} items`}
        {page.isFetching && <span className="visually-hidden"> (updating)</span>}
      </p>
      {/* The last answer stays while the next loads (use-catalog.ts), dimmed. */}
      <ul className={page.isFetching ? 'product-grid product-grid--updating' : 'product-grid'} aria-busy={page.isFetching || undefined}>
        {products.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} currency={currency} onAddToCart={onAddToCart} />
          </li>
        ))}
      </ul>
      <CatalogPagination query={query} meta={meta} />
    </>
  );
}
