import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_BYTES, type ProductImportResult } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { useOperator } from '../../auth/use-operator.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { count } from '../../components/format.ts';
import { ExportButton } from './ExportButton.tsx';

/**
 * Products from a CSV file (owners only): a dry run first lists every row's errors and what each
 * row would change; nothing is written until the file is clean, and then all of it is, or none.
 */
export function ImportPage() {
  const toast = useToast();
  const isOwner = useOperator().data?.role === 'owner';
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useAdminWrite((body: { csv: string; dryRun: boolean }) => admin.post<{ data: ProductImportResult }>('products/import', body).then((answer) => answer.data), ['products', 'stock']);

  const choose = async (chosen: File | undefined) => {
    setResult(null);
    setProblem(null);
    if (!chosen) return setFile(null);
    if (chosen.size > PRODUCT_IMPORT_MAX_BYTES) return setProblem('The file is larger than 5 MB. Split it into smaller files.');
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    try {
      setResult(await run.mutateAsync({ csv, dryRun: true }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be checked.');
    }
  };

  return (
    <>
      <title>Import products · Carbonwise Admin</title>
      <PageHeader
        back={
          <Link className="admin-back" to="/admin/products">
            ← Products
          </Link>
        }
        title="Import products from CSV"
        description="One row per product. A row with an id updates that product; a row without one creates a product. Colours and sizes are edited in the console."
        actions={<ExportButton />}
      />
      {!isOwner ? (
        <EmptyState title="Only owners import products">Staff can export the catalogue; ask an owner to import a file.</EmptyState>
      ) : (
        <>
          <section className="admin-card">
            <h2 className="admin-card__title">1. Choose the file</h2>
            <p className="admin-small admin-muted">
              Columns: <code className="admin-columns-list">{PRODUCT_CSV_COLUMNS.join(', ')}</code>. Lists (tags, categories, standards, SDGs, images) are separated by “|”; prices are in major units (12.50, yen 1500). Export first to get a file in the right shape.
            </p>
            <input type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(event) => void choose(event.target.files?.[0])} />
            {run.isPending && <p className="admin-small">Checking every row…</p>}
            {problem && <FormAlert>{problem}</FormAlert>}
          </section>
          {result && file && (
            <section className="admin-card" aria-labelledby="import-check">
              <div className="admin-card__header">
                <h2 id="import-check" className="admin-card__title">
                  2. {result.dryRun ? 'Check' : 'Imported'}: {file.name}
                </h2>
                {result.ok ? <Badge tone="success">{result.dryRun ? 'Ready to import' : 'Done'}</Badge> : <Badge tone="danger">{count(result.errors.length)} problems</Badge>}
              </div>
              <p className="admin-small">
                {count(result.rows)} rows: {count(result.created)} to create, {count(result.updated)} to update, {count(result.unchanged)} unchanged.
              </p>
              {result.errors.length > 0 && (
                <>
                  <p className="admin-small">Nothing was written. Fix these rows in the file and choose it again:</p>
                  <div className="data-table__scroll">
                    <table className="admin-simple-table" aria-label="Problems by row">
                      <thead>
                        <tr>
                          <th scope="col" className="admin-num">Row</th>
                          <th scope="col">Column</th>
                          <th scope="col">Problem</th>
                        </tr>
                      </thead>
                      <tbody>
                        {result.errors.map((error, index) => (
                          <tr key={index}>
                            <td className="admin-num">{error.row}</td>
                            <td>
                              <code>{error.column}</code>
                            </td>
                            <td>{error.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
              {result.ok && result.changes.length > 0 && (
                <details className="admin-audit__details">
                  <summary>What each row does</summary>
                  <ul className="admin-small">
                    {result.changes.map((change) => (
                      <li key={change.row}>
                        Row {change.row}: {change.action} <strong>{change.slug}</strong>
                        {change.fields.length > 0 && ` (${change.fields.join(', ')})`}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              {result.ok && result.dryRun && (
                <ConfirmAction
                  label={`Import ${count(result.created + result.updated)} products`}
                  buttonProps={{ variant: 'primary', size: 'md', disabled: result.created + result.updated === 0 }}
                  title="Import this file?"
                  description={`${count(result.created)} products are created and ${count(result.updated)} updated, all at once. The shop shows the changes straight away.`}
                  confirmLabel="Import"
                  onConfirm={async () => {
                    setResult(await run.mutateAsync({ csv: file.csv, dryRun: false }));
                    toast.success('Products imported');
                  }}
                />
              )}
            </section>
          )}
        </>
      )}
    </>
  );
}
