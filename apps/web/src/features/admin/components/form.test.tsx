import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { categoryCreateBodySchema } from '@app/contract/admin';
import { cleanup, render } from '../../../test/render.tsx';
import { clickAndSettle, typeInto } from '../../../test/input.ts';
import { until } from '../../../test/until.ts';
import { AdminApiError } from '../api/admin-client.ts';
import { InputField, applyServerErrors, useSchemaForm } from './form.tsx';

/** A console form as the screens build them: a contract schema, fields, and the server's refusal. */
function CategoryForm({ answer }: { answer: () => Promise<void> }) {
  const form = useSchemaForm(categoryCreateBodySchema, { defaultValues: { name: '', slug: undefined } });
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<unknown>(null);
  const submit = form.handleSubmit(async (values) => {
    try {
      await answer();
      setSent(values);
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <InputField label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
      <InputField label="Slug" error={form.formState.errors.slug?.message} {...form.register('slug', { setValueAs: (value) => (value === '' ? undefined : value) })} />
      {problem && <p role="alert">{problem}</p>}
      {sent !== null && <output>{JSON.stringify(sent)}</output>}
      <button type="submit">Save</button>
    </form>
  );
}

const field = (container: HTMLElement, label: string) => {
  const id = [...container.querySelectorAll('label')].find((element) => element.textContent === label)!.htmlFor;
  return container.querySelector<HTMLInputElement>(`#${CSS.escape(id)}`)!;
};
const errorOf = (input: HTMLInputElement) => (input.getAttribute('aria-describedby') ? document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent : null);

describe('console forms', () => {
  afterEach(cleanup);

  it("show the contract schema's own message next to the field, and send what it outputs", async () => {
    const { container } = render(<CategoryForm answer={async () => {}} />);
    const name = field(container, 'Name');
    await clickAndSettle(container.querySelector('button')!);
    await until(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(name)).toBe('Enter your category name');
    typeInto(field(container, 'Slug'), 'Not A Slug');
    typeInto(name, '  Blue carbon  ');
    await clickAndSettle(container.querySelector('button')!);
    await until(() => expect(errorOf(field(container, 'Slug'))).toMatch(/^A slug uses lowercase letters/));
    typeInto(field(container, 'Slug'), '');
    await clickAndSettle(container.querySelector('button')!);
    // Trimmed by the schema, and an empty slug left out for the API to derive.
    await until(() => expect(container.querySelector('output')?.textContent).toBe('{"name":"Blue carbon"}'));
  });

  it("put the server's field messages beside their fields, and anything else above the form", async () => {
    const refusal = new AdminApiError({ status: 409, code: 'CONFLICT', message: 'That name is taken', fields: { name: ['A category with this name exists'] } });
    const { container } = render(<CategoryForm answer={() => Promise.reject(refusal)} />);
    typeInto(field(container, 'Name'), 'Forestry');
    await clickAndSettle(container.querySelector('button')!);
    await until(() => expect(errorOf(field(container, 'Name'))).toBe('A category with this name exists'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    cleanup();

    const other = render(<CategoryForm answer={() => Promise.reject(new AdminApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.', fields: undefined }))} />);
    typeInto(field(other.container, 'Name'), 'Forestry');
    await clickAndSettle(other.container.querySelector('button')!);
    await until(() => expect(other.container.querySelector('[role="alert"]')?.textContent).toBe('Something went wrong on our side.'));
  });
});
