import { useQuery } from '@tanstack/react-query';
import { categoryCreateBodySchema, tagBodySchema, type AdminCategory, type AdminTag } from '@app/contract/admin';
import { admin } from '../../api/admin-client.ts';
import { adminKey } from '../../api/queries.ts';
import { ErrorState, LoadingState, PageHeader } from '../../components/States.tsx';
import { TermList } from './TermList.tsx';

/** Categories and tags: create, rename, reorder (the shop lists them in this order), merge and delete. */
export function TaxonomyPage() {
  const categories = useQuery({ queryKey: adminKey('categories'), queryFn: () => admin.get<{ data: AdminCategory[] }>('categories').then((body) => body.data) });
  const tags = useQuery({ queryKey: adminKey('tags'), queryFn: () => admin.get<{ data: AdminTag[] }>('tags').then((body) => body.data) });
  return (
    <>
      <title>Categories & tags · Carbonwise Admin</title>
      <PageHeader title="Categories & tags" description="How the catalogue is organised. The shop lists categories, and a product its tags, in the order set here." />
      <div className="admin-grid-2 admin-taxonomy">
        {categories.error ? (
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
        ) : !categories.data ? (
          <LoadingState />
        ) : (
          <TermList resource="categories" noun="category" title="Categories" items={categories.data} schema={categoryCreateBodySchema} />
        )}
        {tags.error ? <ErrorState error={tags.error} onRetry={() => void tags.refetch()} /> : !tags.data ? <LoadingState /> : <TermList resource="tags" noun="tag" title="Tags" items={tags.data} schema={tagBodySchema} />}
      </div>
    </>
  );
}
