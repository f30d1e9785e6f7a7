import { useId, useState, type FormEvent } from 'react';
import { PRODUCT_SORTS, type CatalogQuery, type ProductSort } from '@app/contract/catalog-query';

const SORT_LABEL: Record<ProductSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
  name: 'Name: A to Z',
};

/**
 * The search box (submitted with Enter or the button, so typing does not pile up history
 * entries) and the sort select. Without a sort the list keeps the shop's order, or the best
 * match first when searching.
 */
export function CatalogSearchBox({ query, onChange }: { query: CatalogQuery; onChange: (next: CatalogQuery) => void }) {
  const id = useId();
  const [text, setText] = useState(query.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    onChange({ ...query, q: q || undefined, page: 1 });
  };
  return (
    <form role="search" className="catalog-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className="catalog-search__input"
        placeholder="Search projects and products"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className="btn btn--primary btn--md catalog-search__button">
        Search
      </button>
    </form>
  );
}

export function CatalogSort({ query, onChange }: { query: CatalogQuery; onChange: (next: CatalogQuery) => void }) {
  const id = useId();
  return (
    <div className="catalog-sort">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={query.sort ?? ''}
        onChange={(event) => onChange({ ...query, sort: (event.target.value || undefined) as ProductSort | undefined, page: 1 })}
      >
        <option value="">{query.q ? 'Best match' : 'Featured order'}</option>
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABEL[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
