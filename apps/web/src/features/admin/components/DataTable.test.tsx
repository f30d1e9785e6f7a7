import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { typeInto } from '../../../test/dom.ts';
import { MemoryRouter, useLocation } from 'react-router';
import { cleanup, render } from '../../../test/render.tsx';
import { clickAndSettle } from '../../../test/input.ts';
import { DataTable, type AdminColumn } from './DataTable.tsx';
import { useListParams } from './list-params.ts';

interface Row {
  _id: string;
  name: string;
  stock: number;
}
const rows: Row[] = [
  { _id: 'a', name: 'Cookstoves', stock: 3 },
  { _id: 'b', name: 'Mangroves', stock: 9 },
];
const columns: AdminColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  { id: 'stock', header: 'Stock', cell: ({ row }) => row.original.stock },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const spec = { sorts: ['name', 'stock'] as const, defaultSort: 'name' as const, defaultOrder: 'asc' as const, filters: ['status'] as const };

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

function Table({ total = 45, data = rows, loading = false, error = null, onRetry = () => {} }: { total?: number; data?: Row[] | null; loading?: boolean; error?: Error | null; onRetry?: () => void }) {
  const list = useListParams(spec);
  return (
    <>
      <DataTable label="Products" columns={columns} rows={data ?? undefined} total={total} rowId={(row) => row._id} list={list} sortable={spec.sorts} loading={loading} error={error} onRetry={onRetry} empty={<p>Nothing here</p>} />
      <Address />
    </>
  );
}

const address = (container: HTMLElement) => container.querySelector('[data-testid="address"]')!.textContent;
const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((element) => element.textContent?.trim() === name)!;

describe('DataTable', () => {
  afterEach(cleanup);

  it('draws the page of rows, marks the sorted column, and sorts by the others through the address', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/admin/products?status=archived&page=2']}>
        <Table />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['Cookstoves3—', 'Mangroves9—']);
    expect(container.querySelector('th[aria-sort="ascending"]')?.textContent).toBe('Name');
    // Only the list's sort keys are buttons.
    expect(container.querySelectorAll('th button')).toHaveLength(2);
    await clickAndSettle(button(container, 'Stock'));
    // A new sort starts from page 1 and keeps the filters.
    expect(address(container)).toBe('?status=archived&sort=stock&order=desc');
    await clickAndSettle(button(container, 'Stock'));
    expect(address(container)).toBe('?status=archived&sort=stock&order=asc');
    // A text column starts A to Z (was Z to A: every first click flipped to descending).
    await clickAndSettle(button(container, 'Name'));
    expect(address(container)).toBe('?status=archived&sort=name&order=asc');
    await clickAndSettle(button(container, 'Name'));
    expect(address(container)).toBe('?status=archived&sort=name&order=desc');
  });

  it('pages through the address and says where it is', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/admin/products?page=2']}>
        <Table />
      </MemoryRouter>,
    );
    expect(container.querySelector('nav')?.textContent).toContain('21–40 of 45');
    expect(container.querySelector('nav')?.textContent).toContain('Page 2 of 3');
    await clickAndSettle(button(container, 'Next'));
    expect(address(container)).toBe('?page=3');
    expect(button(container, 'Next').disabled).toBe(true);
    await clickAndSettle(button(container, 'Previous'));
    await clickAndSettle(button(container, 'Previous'));
    expect(address(container)).toBe('');
  });

  it('shows the empty state instead of rows', () => {
    const { container } = render(
      <MemoryRouter>
        <Table total={0} data={[]} />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('Nothing here');
    expect(container.querySelector('nav')).toBeNull();
  });

  it('says what failed with a way to try again when the list could not be loaded, and marks a reload in progress', async () => {
    let retried = 0;
    const failed = render(
      <MemoryRouter>
        <Table data={null} error={new Error('The server did not answer')} onRetry={() => (retried += 1)} />
      </MemoryRouter>,
    );
    const alert = failed.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('This could not be loaded');
    expect(alert?.textContent).toContain('The server did not answer');
    expect(failed.container.querySelector('table')).toBeNull();
    await clickAndSettle(button(failed.container, 'Try again'));
    expect(retried).toBe(1);
    cleanup();
    // Rows already shown stay while the next page loads, marked busy for assistive technology.
    const reloading = render(
      <MemoryRouter>
        <Table loading />
      </MemoryRouter>,
    );
    expect(reloading.container.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    expect(reloading.container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('keeps what a person typed in a cell when the page around the table renders again (columns made anew each time)', async () => {
    // Pages whose cells need the page's hooks (a mutation, a toast) build their columns while
    // rendering. A re-render (a refetch, another query arriving) must not remount the cells: an
    // open "Hide this review?" dialog closed under the operator, with the reason they had typed.
    function Note() {
      const [text, setText] = useState('');
      return <input aria-label="Reason" value={text} onChange={(event) => setText(event.target.value)} />;
    }
    function Page() {
      const list = useListParams(spec);
      const [renders, setRenders] = useState(0);
      const inline: AdminColumn<Row>[] = [
        { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
        { id: 'note', header: 'Note', cell: () => <Note /> },
      ];
      return (
        <>
          <DataTable label="Products" columns={inline} rows={rows} total={2} rowId={(row) => row._id} list={list} sortable={spec.sorts} loading={false} error={null} onRetry={() => {}} empty={<p>Nothing here</p>} />
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Render again
          </button>
        </>
      );
    }
    const { container } = render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    typeInto(container.querySelector('input[aria-label="Reason"]')!, 'Spam: advertising');
    await clickAndSettle(button(container, 'Render again'));
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Reason"]')!.value).toBe('Spam: advertising');
  });
});
