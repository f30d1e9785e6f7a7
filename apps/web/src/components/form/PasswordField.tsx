import { useMemo } from 'react';
import { passwordProblems } from '@app/contract/password-policy';
import { TextField, type TextFieldProps } from './TextField.tsx';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'hint' | 'children' | 'value'> {
  value: string;
  /** The account's email, so the "do not use your email" rule can be checked while typing. */
  email?: string;
}

const POLICY_HINT = 'Use at least 8 characters, with at least one letter and one number.';

/**
 * A new-password field that shows the contract's password policy live, as the person types:
 * the problems still left, or a tick when there are none. The same `passwordProblems` runs on
 * the server, so what the form accepts the API accepts.
 */
export function NewPasswordField({ id, value, email, error, ...rest }: PasswordFieldProps) {
  const problems = useMemo(() => (value ? passwordProblems(value, { email }) : []), [value, email]);
  const policyId = `${id}-policy`;
  // The policy list already says what is wrong; repeating its first line as the error is noise.
  const shownError = error && !problems.includes(error) ? error : undefined;
  const invalid = Boolean(error);
  return (
    <TextField
      id={id}
      type="password"
      autoComplete="new-password"
      value={value}
      error={shownError}
      invalid={invalid}
      aria-describedby={policyId}
      {...rest}
    >
      <div id={policyId} className="password-policy" aria-live="polite">
        {value === '' ? (
          <p className="password-policy__hint">{POLICY_HINT}</p>
        ) : problems.length > 0 ? (
          <ul className={invalid ? 'password-policy__list password-policy__list--error' : 'password-policy__list'}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <p className="password-policy__ok">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Password meets the requirements
          </p>
        )}
      </div>
    </TextField>
  );
}
