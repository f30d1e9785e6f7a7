import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { businessCodeSchema, landingPageForRole } from '@app/contract/business';
import { TextField } from '../../../components/form/TextField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useJoinBusiness } from '../api.ts';

/**
 * Where a person types the join code their employer (or a business they supply or sell for) gave
 * them (issue 26 item 7). The code decides the role; an employee stays on the employer page, a
 * supplier or distributor goes to the business page (spec §2, §4).
 */
export function JoinWithCode({ title = 'Join with a code' }: { title?: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const join = useJoinBusiness();
  const toast = useToast();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = businessCodeSchema.safeParse(code);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const answer = await join.mutateAsync(parsed.data);
      toast.success(answer.message ?? 'You joined the business');
      setCode('');
      const landing = landingPageForRole(answer.data.role);
      if (landing !== window.location.pathname) navigate(landing);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <form className="business-card join-with-code" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`} className="business-card__title">
        {title}
      </h2>
      <p className="business-muted">Type the join code the business gave you, or open the join link they sent. The code decides whether you join as an employee, a supplier or a distributor.</p>
      <div className="join-with-code__row">
        <TextField
          id={`${id}-code`}
          label="Join code"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="GREENLEAF-EMP-7K2QXH9M"
          maxLength={40}
          error={problem}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(undefined);
          }}
        />
        <Button type="submit" loading={join.isPending}>
          Join
        </Button>
      </div>
    </form>
  );
}
