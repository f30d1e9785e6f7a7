import '../../../components/form/form.css';
import { useState, type FormEvent } from 'react';
import type { BusinessMember } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useMembers, useMemberStats, useReadmitMember, useRemoveMember, useUpdateMember } from '../api.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { formatDate } from '../../../lib/dates.ts';

const ROLE_LABEL = { employee: 'Employee', supplier: 'Supplier', distributor: 'Distributor' } as const;
const kg = (value: number) => `${Math.round(value).toLocaleString('en-GB')} kg CO2e`;

function Stats({ businessId }: { businessId: string }) {
  const stats = useMemberStats(businessId);
  if (stats.isPending) return <Skeleton height={64} radius="var(--radius-md)" />;
  if (stats.isError) return <p className="business-alert">{stats.error.message}</p>;
  const s = stats.data;
  const figures = [
    ['Active members', String(s.active)],
    ['Employees', String(s.byRole.employee)],
    ['Suppliers', String(s.byRole.supplier)],
    ['Distributors', String(s.byRole.distributor)],
    ['Footprints saved', String(s.withFootprint)],
    ["Members' footprint", kg(s.footprintKg)],
    ['Left or removed', String(s.exited + s.removed)],
  ];
  return (
    <dl className="business-stats" data-testid="member-stats">
      {figures.map(([label, value]) => (
        <div key={label} className="business-stats__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditMember({ member, onDone }: { member: BusinessMember; onDone: () => void }) {
  const [title, setTitle] = useState(member.title);
  const [department, setDepartment] = useState(member.department);
  const [reportAccess, setReportAccess] = useState(member.reportAccess);
  const update = useUpdateMember();
  const toast = useToast();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ memberId: member.id, title, department, reportAccess });
      toast.success('Member updated');
      onDone();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }
  return (
    <form className="member-edit" onSubmit={(event) => void submit(event)}>
      <label className="field">
        <span className="field__label">Job title</span>
        <input className="field__input" value={title} maxLength={80} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Department</span>
        <input className="field__input" value={department} maxLength={80} onChange={(event) => setDepartment(event.target.value)} />
      </label>
      <label className="business-report__sharing">
        <input type="checkbox" checked={reportAccess} onChange={(event) => setReportAccess(event.target.checked)} />
        <span>Can read the business's emissions report</span>
      </label>
      <div className="member-edit__actions">
        <Button type="submit" size="sm" loading={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The owner's members: figures, then a page of members with their role, title and footprint; edit or remove one. */
export function MembersPanel({ businessId }: { businessId: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BusinessMember | null>(null);
  const members = useMembers(businessId, page);
  const remove = useRemoveMember();
  const readmit = useReadmitMember();
  const toast = useToast();

  async function readmitMember(member: BusinessMember) {
    try {
      await readmit.mutateAsync(member.id);
      toast.success(`${member.firstName} ${member.lastName} can join again with a join code`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(`${removing.firstName} ${removing.lastName} was removed`);
    } catch (error) {
      toast.error((error as Error).message);
    }
    setRemoving(null);
  }

  let list;
  if (members.isPending) list = <Skeleton height={120} radius="var(--radius-md)" />;
  else if (members.isError)
    list = (
      <div className="business-alert" role="alert">
        <p>{members.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void members.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (members.data.members.length === 0) list = <p className="business-empty">No members yet. Share a join code to invite your team, suppliers and distributors.</p>;
  else {
    const pages = Math.max(1, Math.ceil(members.data.total / members.data.size));
    list = (
      <>
        <ul className="member-list" aria-label="Members" aria-busy={members.isPlaceholderData || undefined}>
          {members.data.members.map((member) => (
            <li key={member.id} className="member-row" data-testid="member-row">
              <div className="member-row__who">
                <p className="member-row__name">
                  {member.firstName} {member.lastName} <span className={`business-badge business-badge--${member.status}`}>{member.status === 'active' ? ROLE_LABEL[member.role] : member.status === 'exited' ? 'Left' : 'Removed'}</span>
                </p>
                <p className="business-muted">
                  {member.email}
                  {member.title && ` · ${member.title}`}
                  {member.department && ` · ${member.department}`}
                </p>
                <p className="business-muted">
                  Joined {formatDate(member.joinedAt)}
                  {member.carbonTotalKg !== null && ` · footprint ${kg(member.carbonTotalKg)}`}
                </p>
                <p className="business-muted" data-testid="member-joined-with">
                  {member.joinedWithCode ? (
                    <>
                      Joined with <code>{member.joinedWithCode}</code>
                    </>
                  ) : (
                    'Joined before codes were recorded'
                  )}
                  {member.status === 'removed' && (member.readmittedAt ? ' · re-admitted: may join again' : ' · cannot join again until you re-admit them')}
                </p>
                {editing === member.id && <EditMember member={member} onDone={() => setEditing(null)} />}
              </div>
              {member.status === 'removed' && !member.readmittedAt && (
                <div className="member-row__actions">
                  <Button size="sm" variant="secondary" loading={readmit.isPending && readmit.variables === member.id} onClick={() => void readmitMember(member)} aria-label={`Re-admit ${member.firstName} ${member.lastName}`}>
                    Re-admit
                  </Button>
                </div>
              )}
              {member.status === 'active' && editing !== member.id && (
                <div className="member-row__actions">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(member.id)} aria-label={`Edit ${member.firstName} ${member.lastName}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(member)} aria-label={`Remove ${member.firstName} ${member.lastName}`}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
        <Pager page={page} pages={pages} onPage={setPage} label="Member pages" className="business-pager" />
      </>
    );
  }

  return (
    <section className="business-card" aria-labelledby="members-title">
      <h2 id="members-title" className="business-card__title">
        Members
      </h2>
      <Stats businessId={businessId} />
      {list}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        description={removing ? `${removing.firstName} ${removing.lastName} will no longer be part of your business. They cannot join again until you re-admit them.` : ''}
        confirmLabel="Remove member"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
