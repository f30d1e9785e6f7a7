import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CURRENCY_SYMBOL } from '@app/contract/money';
import type { CatalogFacets, CatalogQuery } from '@app/contract/catalog-query';
import { toggled } from '../catalog-url.ts';

interface FacetOption {
  value: string | number;
  label: ReactNode;
  /** The label as text, for the checkbox's accessible name. */
  text: string;
  count: number;
}

/** The kinds as the shop's navigation names them. */
export const KIND_FILTER_LABEL = { offset: 'Carbon offsets', goods: 'Sustainable goods' } as const;

/** Values shown before "Show all …" in the long groups. */
const TAGS_SHOWN = 8;

function FacetGroup({
  legend,
  options,
  selected,
  onToggle,
  limit,
}: {
  legend: string;
  options: FacetOption[];
  selected: readonly (string | number)[];
  onToggle: (value: string | number) => void;
  limit?: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (options.length === 0) return null;
  // Chosen values always stay visible, even past the limit.
  const shown = limit && !expanded ? options.filter((option, index) => index < limit || selected.includes(option.value)) : options;
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{legend}</legend>
      <ul className="facet__options">
        {shown.map((option) => {
          const checked = selected.includes(option.value);
          const inputId = `${id}-${option.value}`;
          return (
            <li key={option.value} className={option.count === 0 && !checked ? 'facet__option facet__option--empty' : 'facet__option'}>
              <input id={inputId} type="checkbox" checked={checked} onChange={() => onToggle(option.value)} disabled={option.count === 0 && !checked} />
              <label htmlFor={inputId} aria-label={`${option.text} (${option.count})`}>
                <span className="facet__label">{option.label}</span>
                <span className="facet__count" aria-hidden="true">
                  {option.count}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {limit && options.length > limit && (
        <button type="button" className="facet__more" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? `Show fewer ${legend.toLowerCase()}` : `Show all ${options.length} ${legend.toLowerCase()}`}
        </button>
      )}
    </fieldset>
  );
}

function PriceFilter({ query, facets, onChange }: { query: CatalogQuery; facets: CatalogFacets; onChange: (next: CatalogQuery) => void }) {
  const id = useId();
  const range = facets.priceRanges.find((entry) => entry.currency === query.currency);
  const symbol = CURRENCY_SYMBOL[query.currency];
  // Keyed by the applied bounds (see CatalogFilters), so a change elsewhere resets what was typed.
  const [min, setMin] = useState(query.minPrice?.toString() ?? '');
  const [max, setMax] = useState(query.maxPrice?.toString() ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bound = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) || Number(text) < 0 ? undefined : Number(text));
    let low = bound(min);
    let high = bound(max);
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    onChange({ ...query, minPrice: low, maxPrice: high, page: 1 });
  };
  return (
    <fieldset className="facet">
      <legend className="facet__legend">Price ({query.currency})</legend>
      <form className="facet__price" onSubmit={submit}>
        <label htmlFor={`${id}-min`} className="facet__price-field">
          <span>Min</span>
          <span className="facet__price-input">
            <span aria-hidden="true">{symbol}</span>
            <input id={`${id}-min`} type="number" inputMode="decimal" min={0} step="any" value={min} placeholder={range ? String(Math.floor(range.min)) : '0'} onChange={(e) => setMin(e.target.value)} />
          </span>
        </label>
        <label htmlFor={`${id}-max`} className="facet__price-field">
          <span>Max</span>
          <span className="facet__price-input">
            <span aria-hidden="true">{symbol}</span>
            <input id={`${id}-max`} type="number" inputMode="decimal" min={0} step="any" value={max} placeholder={range ? String(Math.ceil(range.max)) : ''} onChange={(e) => setMax(e.target.value)} />
          </span>
        </label>
        <button type="submit" className="btn btn--secondary btn--sm facet__price-apply">
          Apply
        </button>
      </form>
    </fieldset>
  );
}

export interface CatalogFiltersProps {
  query: CatalogQuery;
  facets: CatalogFacets | undefined;
  onChange: (next: CatalogQuery) => void;
}

/** The facet panel: checkbox groups with counts and a price range. Each change is a new URL. */
export function CatalogFilters({ query, facets, onChange }: CatalogFiltersProps) {
  // Only a text search is rendered without facets (the server cannot search): they follow at once.
  if (!facets) return <p className="catalog-filters catalog-filters--loading" aria-busy="true">Loading filters…</p>;
  const toggle =
    <K extends 'category' | 'country' | 'standard' | 'sdg' | 'tag' | 'kind' | 'availability'>(facet: K) =>
    (value: string | number) =>
      onChange(toggled(query, facet, value as CatalogQuery[K][number]));

  return (
    <div className="catalog-filters">
      <FacetGroup
        legend="Type"
        options={facets.kinds.map((k) => ({ value: k.kind, label: KIND_FILTER_LABEL[k.kind], text: KIND_FILTER_LABEL[k.kind], count: k.count }))}
        selected={query.kind}
        onToggle={toggle('kind')}
      />
      <FacetGroup
        legend="Category"
        options={facets.categories.map((c) => ({ value: c.slug, label: c.name, text: c.name, count: c.count }))}
        selected={query.category}
        onToggle={toggle('category')}
      />
      <FacetGroup
        legend="Certification standard"
        options={facets.standards.map((s) => ({
          value: s.slug,
          text: s.name,
          count: s.count,
          label: (
            <>
              <img src={s.logo} alt="" width={20} height={20} className="facet__logo" loading="lazy" />
              {s.name}
            </>
          ),
        }))}
        selected={query.standard}
        onToggle={toggle('standard')}
      />
      <FacetGroup
        legend="Sustainable Development Goals"
        options={facets.sdgs.map((g) => ({
          value: g.number,
          text: `SDG ${g.number}: ${g.name}`,
          count: g.count,
          label: (
            <>
              <span className="facet__sdg" style={{ background: g.color }} aria-hidden="true">
                {g.number}
              </span>
              {g.name}
            </>
          ),
        }))}
        selected={query.sdg}
        onToggle={toggle('sdg')}
        limit={TAGS_SHOWN}
      />
      <FacetGroup
        legend="Availability"
        options={[
          { value: 'inStock', label: 'In stock', text: 'In stock', count: facets.availability.inStock },
          { value: 'outOfStock', label: 'Out of stock', text: 'Out of stock', count: facets.availability.outOfStock },
        ]}
        selected={query.availability}
        onToggle={toggle('availability')}
      />
      <PriceFilter key={`${query.currency}|${query.minPrice}|${query.maxPrice}`} query={query} facets={facets} onChange={onChange} />
      <FacetGroup
        legend="Countries"
        options={facets.countries.map((c) => ({ value: c.code, label: c.name, text: c.name, count: c.count }))}
        selected={query.country}
        onToggle={toggle('country')}
        limit={TAGS_SHOWN}
      />
      <FacetGroup
        legend="Tags"
        options={facets.tags.map((t) => ({ value: t.tag, label: t.tag, text: t.tag, count: t.count }))}
        selected={query.tag}
        onToggle={toggle('tag')}
        limit={TAGS_SHOWN}
      />
    </div>
  );
}
