import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A console list's view (page, size, sort, order, search and the list's own filters) lives in the
 * page's address, so a link, a reload or the Back button reopens exactly the same view. The names
 * are the admin API's own list query (`adminListQuerySchema` in the contract): the address is
 * handed to the API as it is.
 */
export interface ListSpec<S extends string, F extends string> {
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder?: 'asc' | 'desc';
  filters?: readonly F[];
  defaultSize?: number;
}

export interface ListParams<S extends string, F extends string> {
  page: number;
  size: number;
  sort: S;
  order: 'asc' | 'desc';
  q: string;
  filters: Partial<Record<F, string>>;
  /** What to send to the API: only what differs from nothing (defaults are the API's own). */
  query: Record<string, string | number>;
  /** Changes the view; any change but the page itself goes back to page 1. */
  set: (patch: Partial<{ page: number; size: number; sort: S; order: 'asc' | 'desc'; q: string } & Record<F, string>>) => void;
}

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
};

export function parseListParams<S extends string, F extends string>(search: URLSearchParams, spec: ListSpec<S, F>) {
  const sortParam = search.get('sort');
  const sort = spec.sorts.includes(sortParam as S) ? (sortParam as S) : spec.defaultSort;
  const orderParam = search.get('order');
  const order: 'asc' | 'desc' = orderParam === 'asc' || orderParam === 'desc' ? orderParam : (spec.defaultOrder ?? 'desc');
  const filters: Partial<Record<F, string>> = {};
  for (const name of spec.filters ?? []) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  const page = positive(search.get('page'), 1);
  const size = Math.min(100, positive(search.get('size'), spec.defaultSize ?? 20));
  const q = search.get('q') ?? '';
  const query: Record<string, string | number> = { page, size, sort, order, ...(filters as Record<string, string>) };
  if (q.trim()) query.q = q.trim();
  return { page, size, sort, order, q, filters, query };
}

export function useListParams<S extends string, F extends string = never>(spec: ListSpec<S, F>): ListParams<S, F> {
  const [search, setSearch] = useSearchParams();
  const parsed = useMemo(() => parseListParams(search, spec), [search, spec]);
  const set = useCallback<ListParams<S, F>['set']>(
    (patch) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || value === null) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        // Typing in a search box must not leave a history entry per letter.
        { replace: 'q' in patch },
      );
    },
    [setSearch],
  );
  return { ...parsed, set };
}
