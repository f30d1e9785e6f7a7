import type { ReactNode } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ErrorState } from './States.tsx';
import './data-table.css';

/**
 * Every console list: TanStack Table for the headless part (columns, header groups, sort state)
 * and our markup around it. Sorting, filtering and paging happen on the server (manual mode): the
 * table shows one page, and its sort and page live in the address (list-params.ts). A column is
 * sortable when its id is one of the list's sort keys.
 */
export const tableFeaturesWithSorting = tableFeatures({ rowSortingFeature });
export type AdminColumn<T extends RowData> = ColumnDef<typeof tableFeaturesWithSorting, T>;

export interface DataTableProps<T extends RowData, S extends string> {
  /** Names the table for assistive technology ("Products"). */
  label: string;
  columns: AdminColumn<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  rowId: (row: T) => string;
  /** The list's view from the address (useListParams). */
  list: { page: number; size: number; sort: S; order: 'asc' | 'desc'; set: (patch: { page?: number; size?: number; sort?: S; order?: 'asc' | 'desc' }) => void };
  sortable: readonly S[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Shown instead of the table when the list is empty: what to do next. */
  empty: ReactNode;
}

/**
 * What a cell shows. TanStack's FlexRender renders a cell function as a component, so a page that
 * builds its columns while rendering (its cells use the page's mutations and toasts) made a new
 * component type on every render, and every cell remounted: an open "Hide this review?" dialog
 * closed under the operator, reason and all, whenever the list refetched. Calling the function
 * keeps the elements it returns, and their state, across renders. Cells are plain render
 * functions: they use no hooks (a cell that needs one renders a component that does).
 */
function cellContent(cell: { column: { columnDef: { cell?: unknown } }; getContext: () => unknown; renderValue: () => unknown }): ReactNode {
  const content = cell.column.columnDef.cell;
  if (typeof content === 'function') return (content as (context: unknown) => ReactNode)(cell.getContext());
  return (content ?? cell.renderValue()) as ReactNode;
}

/**
 * The direction a column sorts in when first clicked: names, emails, codes and roles A to Z, and
 * what is running out (units available) least first; dates, amounts and counts newest or largest
 * first, which is what an operator looks for.
 */
const ASCENDING_FIRST = new Set(['name', 'email', 'code', 'role', 'available']);
const firstOrder = (column: string): 'asc' | 'desc' => (ASCENDING_FIRST.has(column) ? 'asc' : 'desc');

export function DataTable<T extends RowData, S extends string>({ label, columns, rows, total, rowId, list, sortable, loading, error, onRetry, empty }: DataTableProps<T, S>) {
  const sorting: SortingState = [{ id: list.sort, desc: list.order === 'desc' }];
  const table = useTable({
    features: tableFeaturesWithSorting,
    columns,
    data: rows ?? [],
    getRowId: rowId,
    manualSorting: true,
    enableSortingRemoval: false,
    // The address holds the sort: the table only mirrors it (the header buttons change the address).
    state: { sorting },
  });

  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / list.size));
  const first = total ? (list.page - 1) * list.size + 1 : 0;
  const last = total ? Math.min(total, list.page * list.size) : 0;

  return (
    <div className="data-table">
      <div className="data-table__scroll">
        <table className="data-table__table" aria-label={label} aria-busy={loading || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = sortable.includes(header.column.id as S);
                  const sorted = list.sort === header.column.id ? list.order : false;
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {canSort ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={() => list.set({ sort: header.column.id as S, order: sorted ? (sorted === 'desc' ? 'asc' : 'desc') : firstOrder(header.column.id) })}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {!rows &&
              Array.from({ length: Math.min(list.size, 8) }, (_, i) => (
                <tr key={`skeleton-${i}`} aria-hidden="true">
                  {columns.map((_, j) => (
                    <td key={j}>
                      <Skeleton width={j === 0 ? '70%' : '50%'} height="1rem" />
                    </td>
                  ))}
                </tr>
              ))}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>{cellContent(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 && <div className="data-table__empty">{empty}</div>}
      </div>
      {rows && total !== undefined && total > 0 && (
        <nav className="data-table__pager" aria-label={`${label} pages`}>
          <span aria-live="polite">
            {first}–{last} of {total.toLocaleString('en')}
          </span>
          <label className="data-table__size">
            Rows
            <select value={list.size} onChange={(event) => list.set({ size: Number(event.target.value) })}>
              {[20, 50, 100].map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          </label>
          <Button size="sm" variant="secondary" disabled={list.page <= 1} onClick={() => list.set({ page: list.page - 1 })}>
            Previous
          </Button>
          <span>
            Page {list.page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={list.page >= pages} onClick={() => list.set({ page: list.page + 1 })}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | false }) {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="data-table__sort-icon" data-active={direction || undefined}>
      <path d="M6 2 9 5H3z" opacity={direction === 'desc' ? 0.3 : 1} fill="currentColor" />
      <path d="M6 10 3 7h6z" opacity={direction === 'asc' ? 0.3 : 1} fill="currentColor" />
    </svg>
  );
}
