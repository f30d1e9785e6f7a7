import { AUDIT_SORTS, AUDIT_SOURCES, type AuditEntry } from '@app/contract/admin';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { useListParams } from '../../components/list-params.ts';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { DateFilter, FilterSelect, SearchBox, Toolbar, capitalise } from '../../components/Toolbar.tsx';
import { dateTime } from '../../components/format.ts';
import { useAdminList } from '../../api/queries.ts';
import { TextFilter } from './TextFilter.tsx';

const spec = { sorts: AUDIT_SORTS, defaultSort: 'at', filters: ['actor', 'action', 'entity', 'entityId', 'source', 'from', 'to'] } as const;
const ENTITIES = ['product', 'stock', 'category', 'tag', 'coupon', 'review', 'customer', 'newsletter-issue', 'operator', 'mfa'];

function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return null;
  const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <details className="admin-audit__details">
      <summary>
        {keys.length} field{keys.length === 1 ? '' : 's'}
      </summary>
      <table className="admin-simple-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td className="admin-audit__value">{show(entry.before?.[key])}</td>
              <td className="admin-audit__value">{show(entry.after?.[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const columns: AdminColumn<AuditEntry>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => <span className="admin-nowrap">{dateTime(row.original.at)}</span> },
  {
    id: 'actor',
    header: 'Who',
    cell: ({ row: { original: entry } }) => (
      <>
        <div>{entry.actor.email}</div>
        <Badge>{capitalise(entry.source)}</Badge>
      </>
    ),
  },
  {
    id: 'action',
    header: 'What',
    cell: ({ row: { original: entry } }) => (
      <div className="admin-wrap">
        <div>{entry.summary}</div>
        <div className="admin-muted admin-small">
          <code>{entry.action}</code>
          {entry.entityId && ` · ${entry.entityId}`}
        </div>
      </div>
    ),
  },
  { id: 'changes', header: 'Changes', cell: ({ row }) => <Changes entry={row.original} /> },
];

/** Every operator write, newest first: who, when, what, the record and the fields before and after. Read only. */
export function AuditPage() {
  const list = useListParams(spec);
  const query = useAdminList<AuditEntry>('audit', 'audit', list.query);
  return (
    <>
      <title>Audit log · Carbonwise Admin</title>
      <PageHeader title="Audit log" description="Every change made by an operator, from the console or the command line. Nobody can edit or delete it." />
      <Toolbar>
        <SearchBox label="Search" placeholder="Words of the summary" value={list.q} onChange={(q) => list.set({ q })} />
        <TextFilter label="Operator email" value={list.filters.actor} onChange={(actor) => list.set({ actor })} />
        <FilterSelect label="Record" value={list.filters.entity} onChange={(entity) => list.set({ entity })} options={ENTITIES} />
        <TextFilter label="Action" placeholder="product.update" value={list.filters.action} onChange={(action) => list.set({ action })} />
        <FilterSelect label="Source" value={list.filters.source} onChange={(source) => list.set({ source })} options={AUDIT_SOURCES} />
        <DateFilter label="From" value={list.filters.from} onChange={(from) => list.set({ from })} />
        <DateFilter label="To" value={list.filters.to} onChange={(to) => list.set({ to })} />
      </Toolbar>
      <DataTable
        label="Audit log"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(entry) => entry._id}
        list={list}
        sortable={AUDIT_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title="Nothing recorded for these filters">Every change an operator makes is written here.</EmptyState>}
      />
    </>
  );
}
