import { useState } from 'react';
import { OPERATOR_ROLES, OPERATOR_SORTS, operatorInviteBodySchema, type Operator } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminList, useAdminWrite } from '../../api/queries.ts';
import { useOperator } from '../../auth/use-operator.ts';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import { DataTable, type AdminColumn } from '../../components/DataTable.tsx';
import { InputField, SelectField, applyServerErrors, useSchemaForm } from '../../components/form.tsx';
import { useListParams } from '../../components/list-params.ts';
import { Badge, EmptyState, PageHeader } from '../../components/States.tsx';
import { FilterSelect, Toolbar, capitalise } from '../../components/Toolbar.tsx';
import { dateTime, fullName } from '../../components/format.ts';

const spec = { sorts: OPERATOR_SORTS, defaultSort: 'email', defaultOrder: 'asc', filters: ['role'] } as const;
const SOURCE = { config: 'ADMIN_EMAILS', cli: 'Command line', console: 'Console' } as const;

/** Who may use the console (owners only): invite, change a role, reset a lost second factor, remove. */
export function OperatorsPage() {
  const me = useOperator().data;
  const list = useListParams(spec);
  const isOwner = me?.role === 'owner';
  const query = useAdminList<Operator>('operators', 'operators', list.query);
  const toast = useToast();
  const changeRole = useAdminWrite(({ id, role }: { id: string; role: string }) => admin.patch(`operators/${id}`, { role }), ['operators']);
  const resetMfa = useAdminWrite((id: string) => admin.post(`operators/${id}/mfa-reset`), ['operators']);
  const remove = useAdminWrite((id: string) => admin.delete(`operators/${id}`), ['operators']);

  if (me && !isOwner)
    return (
      <>
        <title>Operators · Carbonwise Admin</title>
        <PageHeader title="Operators" />
        <EmptyState title="Only owners manage operators">Ask an owner of the shop to invite, change or remove operators.</EmptyState>
      </>
    );

  const columns: AdminColumn<Operator>[] = [
    {
      id: 'email',
      header: 'Operator',
      cell: ({ row: { original: operator } }) => (
        <>
          <div className="admin-term__name">{operator.user ? fullName(operator.user) : operator.email}</div>
          <div className="admin-muted admin-small">
            {operator.email} {operator.email === me?.email && <Badge tone="info">You</Badge>}
          </div>
        </>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row: { original: operator } }) => (
        <select
          className="admin-term__merge"
          aria-label={`Role of ${operator.email}`}
          value={operator.role}
          disabled={changeRole.isPending}
          onChange={(event) => changeRole.mutate({ id: operator._id, role: event.target.value }, { onSuccess: () => toast.success('Role changed'), onError: (error) => toast.error(error.message) })}
        >
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {capitalise(role)}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: operator } }) => (
        <span className="admin-row-actions admin-row-actions--start">
          {operator.status === 'invited' ? <Badge tone="warning">Invited</Badge> : <Badge tone="success">Active</Badge>}
          {operator.mfaEnrolled ? <Badge>Authenticator set up</Badge> : <Badge tone="warning">No authenticator yet</Badge>}
        </span>
      ),
    },
    { id: 'source', header: 'Added by', cell: ({ row }) => `${SOURCE[row.original.source]}${row.original.source === 'console' && row.original.invitedBy ? ` (${row.original.invitedBy})` : ''}` },
    { id: 'lastVerifiedAt', header: 'Last sign-in', cell: ({ row }) => dateTime(row.original.lastVerifiedAt) },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original: operator } }) => (
        <span className="admin-row-actions">
          {operator.mfaEnrolled && (
            <ConfirmAction
              label="Reset authenticator"
              title={`Reset ${operator.email}'s second factor?`}
              description="Their admin sessions end and they set up an authenticator app again at their next sign-in. Use this when a phone and its recovery codes are lost."
              confirmLabel="Reset"
              onConfirm={async () => {
                await resetMfa.mutateAsync(operator._id);
                toast.success('Second factor reset');
              }}
            />
          )}
          <ConfirmAction
            label="Remove"
            danger
            title={`Remove ${operator.email}?`}
            description="They keep their shop account but cannot open the console any more; their admin sessions end at once."
            confirmLabel="Remove operator"
            onConfirm={async () => {
              await remove.mutateAsync(operator._id);
              toast.success('Operator removed');
            }}
          />
        </span>
      ),
    },
  ];

  return (
    <>
      <title>Operators · Carbonwise Admin</title>
      <PageHeader title="Operators" description="Owners may do everything; staff run the shop but cannot manage operators or import products." />
      <InviteForm />
      <Toolbar>
        <FilterSelect label="Role" value={list.filters.role} onChange={(role) => list.set({ role })} options={OPERATOR_ROLES} />
      </Toolbar>
      <DataTable
        label="Operators"
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        rowId={(operator) => operator._id}
        list={list}
        sortable={OPERATOR_SORTS}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title="No operators match" />}
      />
    </>
  );
}

function InviteForm() {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(operatorInviteBodySchema, { defaultValues: { email: '', role: 'staff' } });
  const invite = useAdminWrite((body: { email: string; role: string }) => admin.post('operators', body), ['operators']);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await invite.mutateAsync(values);
      toast.success(`${values.email} invited`);
      form.reset({ email: '', role: values.role });
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });
  return (
    <form className="admin-card admin-inline-form admin-invite" onSubmit={(event) => void submit(event)} noValidate aria-label="Invite an operator">
      <InputField label="Invite by email" type="email" autoComplete="off" hint="They get an email. Without a verified account yet, the role waits for one." error={form.formState.errors.email?.message} {...form.register('email')} />
      <SelectField label="Role" options={OPERATOR_ROLES.map((role) => ({ value: role, label: capitalise(role) }))} error={form.formState.errors.role?.message} {...form.register('role')} fieldClassName="admin-invite__role" />
      <Button type="submit" size="sm" loading={invite.isPending}>
        Invite
      </Button>
      {problem && <FormAlert>{problem}</FormAlert>}
    </form>
  );
}
