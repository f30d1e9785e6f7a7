import { Link } from 'react-router';
import type { CatalogQuery, PageMeta } from '@app/contract/catalog-query';
import { catalogSearchString } from '../catalog-url.ts';

/** Page numbers shown around the current one: first, last, and two either side. */
function pageNumbers(current: number, last: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

/** Links to the pages of a result (real links: shareable, and they work before hydration). */
export function CatalogPagination({ query, meta }: { query: CatalogQuery; meta: PageMeta }) {
  const last = Math.max(1, Math.ceil(meta.total / meta.size));
  if (last <= 1) return null;
  const href = (page: number) => {
    const search = catalogSearchString({ ...query, page });
    return search ? `/products?${search}` : '/products';
  };
  return (
    <nav className="catalog-pagination" aria-label="Pagination">
      {meta.page > 1 ? (
        <Link to={href(meta.page - 1)} className="catalog-pagination__step" rel="prev">
          Previous
        </Link>
      ) : (
        <span className="catalog-pagination__step" aria-disabled="true">
          Previous
        </span>
      )}
      <ul className="catalog-pagination__pages">
        {pageNumbers(meta.page, last).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link to={href(page)} aria-current={page === meta.page ? 'page' : undefined} aria-label={`Page ${page}`}>
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
      {meta.page < last ? (
        <Link to={href(meta.page + 1)} className="catalog-pagination__step" rel="next">
          Next
        </Link>
      ) : (
        <span className="catalog-pagination__step" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
