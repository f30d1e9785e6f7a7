import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { STOCK_CHANGE_REASONS, stockChangeBodySchema, type AdminProduct, type StockLedgerEntry, type StockView } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { adminKey, useAdminWrite } from '../../api/queries.ts';
import { InputField, SelectField, applyServerErrors, errorAt, useSchemaForm } from '../../components/form.tsx';
import { Badge, ErrorState, LoadingState } from '../../components/States.tsx';
import { capitalise } from '../../components/Toolbar.tsx';
import { count, dateTime } from '../../components/format.ts';

const LEDGER_SIZE = 10;

interface StockPage {
  data: StockView & { ledger: StockLedgerEntry[] };
  meta: { page: number; size: number; total: number };
}

/**
 * Stock of a product: the level of each size (or of the product), a change with a reason
 * (restock, correction, damaged), and the ledger, every change one row, newest first. The
 * ledger's page is in the address (`ledger=2`), like every list of the console.
 */
export function StockCard({ product }: { product: AdminProduct }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('ledger')) || 1);
  // Each recorded change starts a fresh form (empty boxes), keeping the item and reason chosen.
  const [changes, setChanges] = useState(0);
  const [last, setLast] = useState<ChangeChoice | null>(null);
  const stock = useQuery({
    queryKey: adminKey('stock', product._id, page),
    queryFn: () => admin.get<StockPage>(`products/${product._id}/stock`, { page, size: LEDGER_SIZE }),
    placeholderData: keepPreviousData,
  });
  if (stock.isPending) return <LoadingState label="Loading the stock" />;
  if (stock.error) return <ErrorState error={stock.error} onRetry={() => void stock.refetch()} />;
  const { levels, ledger } = stock.data.data;
  const pages = Math.max(1, Math.ceil(stock.data.meta.total / LEDGER_SIZE));
  const goTo = (next: number) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 1) params.delete('ledger');
        else params.set('ledger', String(next));
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <section className="admin-card admin-stock" aria-labelledby="product-stock">
      <h2 id="product-stock" className="admin-card__title">
        Stock {stock.data.data.lowStock && <Badge tone="warning">Low stock</Badge>}
      </h2>
      <div className="admin-stock__top">
        <table className="admin-simple-table" aria-label="Stock levels">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="admin-num">On hand</th>
              <th scope="col" className="admin-num">Held by orders</th>
              <th scope="col" className="admin-num">Available</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((level) => (
              <tr key={level.sizeId ?? 'product'}>
                <th scope="row">{level.label}</th>
                <td className="admin-num">{count(level.stock)}</td>
                <td className="admin-num">{count(level.reserved)}</td>
                <td className="admin-num">{count(level.available)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <StockChangeForm key={changes} productId={product._id} levels={levels} last={last} onChanged={(values) => {
          setLast(values);
          setChanges((n) => n + 1);
        }} />
      </div>
      <h3 className="admin-subtitle">Stock ledger</h3>
      {ledger.length === 0 ? (
        <p className="admin-muted admin-small">No stock changes yet.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="admin-simple-table" aria-label="Stock ledger" aria-busy={stock.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Item</th>
                <th scope="col" className="admin-num">Change</th>
                <th scope="col" className="admin-num">Resulting</th>
                <th scope="col">Reason</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((entry) => (
                <tr key={entry._id}>
                  <td>{dateTime(entry.at)}</td>
                  <td>{entry.label}</td>
                  <td className={`admin-num ${entry.delta < 0 ? 'admin-negative' : 'admin-positive'}`}>{entry.delta > 0 ? `+${count(entry.delta)}` : count(entry.delta)}</td>
                  <td className="admin-num">{count(entry.resultingStock)}</td>
                  <td>
                    {capitalise(entry.reason)}
                    {entry.order && <span className="admin-muted"> · order {entry.order.orderNumber}</span>}
                    {entry.note && <div className="admin-muted admin-small">{entry.note}</div>}
                  </td>
                  <td>{entry.actor?.email ?? 'The shop'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="data-table__pager" aria-label="Ledger pages">
          <span>{count(stock.data.meta.total)} changes</span>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}

const numberOrUndefined = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));


type ChangeChoice = { sizeId: string | undefined; reason: (typeof STOCK_CHANGE_REASONS)[number]; mode: 'adjust' | 'set' };

function StockChangeForm({ productId, levels, last, onChanged }: { productId: string; levels: StockView['levels']; last: ChangeChoice | null; onChanged: (choice: ChangeChoice) => void }) {
  const toast = useToast();
  const [mode, setMode] = useState<'adjust' | 'set'>(last?.mode ?? 'adjust');
  const [problem, setProblem] = useState<string | null>(null);
  const first = levels[0]?.sizeId ?? undefined;
  const form = useSchemaForm(stockChangeBodySchema, { defaultValues: { sizeId: last?.sizeId ?? first, reason: last?.reason ?? 'restock', adjust: undefined, set: undefined, note: '' } });
  const change = useAdminWrite((body: object) => admin.post(`products/${productId}/stock`, body), ['products', 'stock']);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await change.mutateAsync({ ...values, note: values.note || undefined });
      toast.success('Stock updated');
      onChanged({ sizeId: values.sizeId, reason: values.reason, mode });
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });

  const switchMode = (next: 'adjust' | 'set') => {
    setMode(next);
    form.setValue(next === 'adjust' ? 'set' : 'adjust', undefined);
    form.clearErrors();
  };

  return (
    <form className="admin-form admin-stock__form" onSubmit={(event) => void submit(event)} noValidate aria-label="Change stock">
      {levels.length > 1 && (
        <SelectField label="Item" options={levels.map((level) => ({ value: level.sizeId ?? '', label: level.label }))} error={errorAt(errors, 'sizeId')} {...form.register('sizeId', { setValueAs: (value) => value || undefined })} />
      )}
      <div className="admin-segmented" role="radiogroup" aria-label="How">
        <label>
          <input type="radio" name="stock-mode" checked={mode === 'adjust'} onChange={() => switchMode('adjust')} /> Add or remove
        </label>
        <label>
          <input type="radio" name="stock-mode" checked={mode === 'set'} onChange={() => switchMode('set')} /> Set to
        </label>
      </div>
      <div className="admin-form-grid">
        {mode === 'adjust' ? (
          <InputField key="adjust" label="Change (e.g. 20 or -3)" type="number" inputMode="numeric" error={errorAt(errors, 'adjust') ?? errorAt(errors, 'set')} {...form.register('adjust', { setValueAs: numberOrUndefined })} />
        ) : (
          <InputField key="set" label="New stock" type="number" min={0} inputMode="numeric" error={errorAt(errors, 'set')} {...form.register('set', { setValueAs: numberOrUndefined })} />
        )}
        <SelectField label="Reason" options={STOCK_CHANGE_REASONS.map((reason) => ({ value: reason, label: capitalise(reason) }))} error={errorAt(errors, 'reason')} {...form.register('reason')} />
      </div>
      <InputField label="Note (optional)" placeholder="Delivery 2291 from the supplier" error={errorAt(errors, 'note')} {...form.register('note')} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <Button type="submit" loading={change.isPending}>
        Record the change
      </Button>
    </form>
  );
}
