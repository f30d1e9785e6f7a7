import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { InputField, applyServerErrors, useSchemaForm } from '../../components/form.tsx';
import { EmptyState } from '../../components/States.tsx';
import { count } from '../../components/format.ts';

interface Term {
  _id: string;
  name: string;
  productCount: number;
}

type NameSchema = z.ZodType<{ name: string }, { name: string }>;

/**
 * One list of categories or tags: a form to add one, then each with its product count, rename,
 * move up or down, merge into another (its products move over, it goes) and delete when unused.
 */
export function TermList({ resource, noun, title, items, schema }: { resource: 'categories' | 'tags'; noun: string; title: string; items: Term[]; schema: NameSchema }) {
  const refresh = [resource, 'products'];
  const reorder = useAdminWrite((ids: string[]) => admin.put(`${resource}/order`, { ids }), refresh);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const shown = filter.trim() ? items.filter((item) => item.name.toLowerCase().includes(filter.trim().toLowerCase())) : items;
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item._id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setProblem(null);
    reorder.mutate(ids, { onError: (error) => setProblem(error.message) });
  };
  return (
    <section className="admin-card" aria-labelledby={`${resource}-title`}>
      <h2 id={`${resource}-title`} className="admin-card__title">
        {title} <span className="admin-muted admin-small">({count(items.length)})</span>
      </h2>
      <CreateTerm resource={resource} noun={noun} schema={schema} />
      {problem && <FormAlert>{problem}</FormAlert>}
      {items.length > 12 && (
        <input type="search" className="field__input admin-term-filter" aria-label={`Find a ${noun}`} placeholder={`Find a ${noun}…`} value={filter} onChange={(event) => setFilter(event.target.value)} />
      )}
      {items.length === 0 ? (
        <EmptyState title={`No ${title.toLowerCase()} yet`}>Add the first one above.</EmptyState>
      ) : (
        <ol className="admin-terms" aria-busy={reorder.isPending || undefined}>
          {shown.map((item) => {
            const index = items.indexOf(item);
            return (
            <li key={item._id} className="admin-term">
              <TermRow resource={resource} noun={noun} item={item} schema={schema} others={items.filter((other) => other._id !== item._id)} />
              <div className="admin-term__actions">
                <Button size="sm" variant="ghost" aria-label={`Move ${item.name} up`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Move ${item.name} down`} disabled={index === items.length - 1 || reorder.isPending} onClick={() => move(index, 1)}>
                  ↓
                </Button>
              </div>
            </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function CreateTerm({ resource, noun, schema }: { resource: string; noun: string; schema: NameSchema }) {
  const toast = useToast();
  const form = useSchemaForm(schema, { defaultValues: { name: '' } });
  const create = useAdminWrite((body: { name: string }) => admin.post(resource, body), [resource]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await create.mutateAsync(values);
      toast.success(`${noun[0]!.toUpperCase()}${noun.slice(1)} added`);
      form.reset({ name: '' });
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });
  return (
    <form className="admin-inline-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Add a ${noun}`}>
      <InputField label={`New ${noun}`} error={form.formState.errors.name?.message} {...form.register('name')} />
      <Button type="submit" size="sm" loading={create.isPending}>
        Add
      </Button>
      {problem && <FormAlert>{problem}</FormAlert>}
    </form>
  );
}

function TermRow({ resource, noun, item, schema, others }: { resource: string; noun: string; item: Term; schema: NameSchema; others: Term[] }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [into, setInto] = useState('');
  const form = useSchemaForm(schema, { defaultValues: { name: item.name } });
  const rename = useAdminWrite((body: { name: string }) => admin.patch(`${resource}/${item._id}`, body), [resource, 'products']);
  const merge = useAdminWrite((target: string) => admin.post(`${resource}/${item._id}/merge`, { into: target }), [resource, 'products']);
  const remove = useAdminWrite(() => admin.delete(`${resource}/${item._id}`), [resource, 'products']);
  const submit = form.handleSubmit(async (values) => {
    try {
      await rename.mutateAsync(values);
      toast.success('Renamed');
      setEditing(false);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  if (editing)
    return (
      <form className="admin-inline-form admin-term__main" onSubmit={(event) => void submit(event)} noValidate aria-label={`Rename ${item.name}`}>
        <InputField label="Name" autoFocus error={form.formState.errors.name?.message} {...form.register('name')} onKeyDown={(event) => event.key === 'Escape' && setEditing(false)} />
        <Button type="submit" size="sm" loading={rename.isPending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </form>
    );
  const target = others.find((other) => other._id === into);
  return (
    <div className="admin-term__main">
      <span className="admin-term__top">
        <span className="admin-term__name">{item.name}</span>
        <span className="admin-muted admin-small">
          {count(item.productCount)} product{item.productCount === 1 ? '' : 's'}
        </span>
      </span>
      <span className="admin-term__buttons">
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Rename ${item.name}`}>
          Rename
        </Button>
        {others.length > 0 && (
          <select className="admin-term__merge" aria-label={`Merge ${item.name} into`} value={into} onChange={(event) => setInto(event.target.value)}>
            <option value="">Merge into…</option>
            {others.map((other) => (
              <option key={other._id} value={other._id}>
                {other.name}
              </option>
            ))}
          </select>
        )}
        {target && (
          <ConfirmAction
            label="Merge"
            danger
            title={`Merge ${item.name} into ${target.name}?`}
            description={`Its ${count(item.productCount)} products move to ${target.name}, and ${item.name} is deleted. This cannot be undone.`}
            confirmLabel="Merge"
            onConfirm={async () => {
              await merge.mutateAsync(target._id);
              toast.success(`Merged into ${target.name}`);
            }}
          />
        )}
        {item.productCount === 0 && (
          <ConfirmAction
            label="Delete"
            danger
            buttonProps={{ variant: 'ghost', 'aria-label': `Delete ${item.name}` }}
            title={`Delete the ${noun} ${item.name}?`}
            description="No product uses it. This cannot be undone."
            confirmLabel="Delete"
            onConfirm={async () => {
              await remove.mutateAsync(undefined);
              toast.success('Deleted');
            }}
          />
        )}
      </span>
    </div>
  );
}
