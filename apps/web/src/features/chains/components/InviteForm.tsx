import '../../../components/form/form.css';
import { useState, type FormEvent } from 'react';
import { CHAIN_RELATIONSHIPS, relationshipLabel, type ChainRelationship } from '@app/contract/chains-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useInvite, useRequestJoin, type ChainCallError } from '../api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person field takes an email or a user id; this says which the call gets. */
export function personRef(text: string): { email: string } | { userId: string } {
  const value = text.trim();
  return UUID.test(value) ? { userId: value.toLowerCase() } : { email: value };
}

/** Invite someone below you (POST v1/user-chains) or ask to join below them (POST v1/user-chains/join/request). */
export function InviteForm() {
  const [person, setPerson] = useState('');
  const [relationship, setRelationship] = useState<ChainRelationship>('friend');
  const [direction, setDirection] = useState<'invite' | 'request'>('invite');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInvite();
  const request = useRequestJoin();
  const toast = useToast();
  const busy = invite.isPending || request.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!person.trim()) {
      setProblem('Enter their email or user id');
      return;
    }
    const body = { ...personRef(person), relationship };
    try {
      await (direction === 'invite' ? invite : request).mutateAsync(body);
      toast.success(direction === 'invite' ? 'Invitation sent: it shows once they accept' : 'Request sent: it shows once they accept');
      setPerson('');
    } catch (error) {
      const failure = (error as ChainCallError).failure;
      setProblem(failure?.fields ? Object.values(failure.fields)[0]?.[0] ?? failure.message : (error as Error).message);
    }
  }

  return (
    <section className="chain-card" aria-labelledby="invite-title">
      <h2 id="invite-title" className="chain-card__title">
        Invite someone
      </h2>
      <form className="chain-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor="chain-person" className="field__label">
            Their email or user id
          </label>
          <input
            id="chain-person"
            className="field__input"
            value={person}
            maxLength={254}
            autoComplete="off"
            placeholder="name@example.com"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'chain-person-error' : undefined}
            onChange={(event) => setPerson(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="chain-relationship" className="field__label">
            Relationship
          </label>
          <select id="chain-relationship" className="field__input" value={relationship} onChange={(event) => setRelationship(event.target.value as ChainRelationship)}>
            {CHAIN_RELATIONSHIPS.map((value) => (
              <option key={value} value={value}>
                {relationshipLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="chain-form__direction">
          <legend className="field__label">Who is above whom</legend>
          <label>
            <input type="radio" name="chain-direction" value="invite" checked={direction === 'invite'} onChange={() => setDirection('invite')} /> Invite them into my network
          </label>
          <label>
            <input type="radio" name="chain-direction" value="request" checked={direction === 'request'} onChange={() => setDirection('request')} /> Ask to join their network
          </label>
        </fieldset>
        {problem && (
          <p id="chain-person-error" className="field__error" role="alert">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" loading={busy}>
            {direction === 'invite' ? 'Send invitation' : 'Send request'}
          </Button>
        </div>
      </form>
    </section>
  );
}
