import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { Product } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useProducts } from '../../products/api/use-catalog.ts';

/** Most matches listed at once; typing narrows them. */
const SHOWN = 12;

/** Picks catalog products for the page: search by name, tag or country; the chosen keep their order. */
export function ProductPicker({ selected, onChange, error, max }: { selected: string[]; onChange: (ids: string[]) => void; error?: string; max: number }) {
  const id = useId();
  const catalog = useProducts();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const byId = useMemo(() => new Map((catalog.data ?? []).map((product) => [product.id, product])), [catalog.data]);
  const matches = useMemo(() => {
    const all = catalog.data ?? [];
    const found = query ? all.filter((product) => [product.name, product.countryName ?? '', ...product.tags].some((text) => text.toLowerCase().includes(query))) : all;
    return found.slice(0, SHOWN);
  }, [catalog.data, query]);

  const toggle = (product: Product) => onChange(selected.includes(product.id) ? selected.filter((x) => x !== product.id) : [...selected, product.id]);

  return (
    <fieldset className="shop-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Products on your page ({selected.length} of at most {max})</legend>
      {selected.length > 0 ? (
        <ol className="shop-picker__chosen" aria-label="Chosen products">
          {selected.map((productId) => (
            <li key={productId} className="shop-picker__chip">
              <span>{byId.get(productId)?.name ?? 'A product no longer in the catalog'}</span>
              <button type="button" className="shop-picker__remove" aria-label={`Remove ${byId.get(productId)?.name ?? 'product'}`} onClick={() => onChange(selected.filter((x) => x !== productId))}>
                ×
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="business-muted">No products yet. Search the catalog below and tick the ones you offer.</p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`} className="field__label">
          Search the catalog
        </label>
        <input id={`${id}-search`} className="field__input" type="search" value={search} placeholder="Name, tag or country" maxLength={100} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {catalog.isPending && (
        <div aria-busy="true">
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      )}
      {catalog.isError && (
        <p className="business-alert" role="alert">
          The catalog could not be loaded.{' '}
          <Button type="button" variant="link" onClick={() => void catalog.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {catalog.data && matches.length === 0 && <p className="business-muted">No product matches “{search}”.</p>}
      {matches.length > 0 && (
        <ul className="shop-picker__results">
          {matches.map((product) => {
            const checked = selected.includes(product.id);
            return (
              <li key={product.id}>
                <label className="shop-picker__option">
                  <input type="checkbox" checked={checked} disabled={!checked && selected.length >= max} onChange={() => toggle(product)} />
                  {product.image[0] ? <img src={product.image[0]} alt="" width={40} height={30} /> : <span className="shop-picker__thumb" />}
                  <span className="shop-picker__name">{product.name}</span>
                  {product.countryName && <span className="business-muted">{product.countryName}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
