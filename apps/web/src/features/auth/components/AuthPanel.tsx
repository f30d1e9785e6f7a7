import { lazy, Suspense, useState } from 'react';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { isCheckoutPath } from '../redirects.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

// The two popups (and the dialog library under them) load when a sign-up first opens one, so
// the login page's first load carries only the forms.
const RegistrationSuccessDialog = lazy(async () => ({ default: (await import('./RegistrationSuccessDialog.tsx')).RegistrationSuccessDialog }));
const VerificationDialog = lazy(async () => ({ default: (await import('./VerificationDialog.tsx')).VerificationDialog }));
import './auth.css';

export type AuthTab = 'login' | 'register';

interface CodeSent {
  email: string;
  sentAt: number;
}

export interface AuthPanelProps {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  initialEmail?: string;
  /** Where the person was heading; used after login and after verification. */
  next?: string | null;
  onSignedIn: () => void;
}

/**
 * Log in and Create account as two tabs, plus the popups that follow a registration (spec §2.3
 * success, then §2.4 code entry). The popups keep their last email while closing, so the fade
 * out never shows an empty address.
 */
export function AuthPanel({ tab, onTabChange, initialEmail, next, onSignedIn }: AuthPanelProps) {
  const [registered, setRegistered] = useState<CodeSent | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  const [verification, setVerification] = useState<CodeSent | null>(null);
  const [verificationOpen, setVerificationOpen] = useState(false);

  const openVerification = (sent: CodeSent) => {
    setVerification(sent);
    setVerificationOpen(true);
  };

  return (
    <>
      <Tabs<AuthTab>
        label="Log in or create an account"
        value={tab}
        onChange={onTabChange}
        items={[
          {
            value: 'login',
            label: 'Log in',
            content: (
              <LoginForm
                key={initialEmail}
                initialEmail={initialEmail}
                onSignedIn={onSignedIn}
                onVerificationNeeded={(email, sentAt) => openVerification({ email, sentAt })}
              />
            ),
          },
          {
            value: 'register',
            label: 'Create account',
            content: (
              <RegisterForm
                next={next}
                onRegistered={(email, sentAt) => {
                  setRegistered({ email, sentAt });
                  setSuccessOpen(true);
                }}
              />
            ),
          },
        ]}
      />
      <Suspense fallback={null}>
      {registered && (
        <RegistrationSuccessDialog
          open={successOpen}
          email={registered.email}
          onContinue={() => {
            setSuccessOpen(false);
            openVerification(registered);
          }}
        />
      )}
      {verification && (
        <VerificationDialog
          open={verificationOpen}
          onOpenChange={setVerificationOpen}
          email={verification.email}
          sentAt={verification.sentAt}
          next={next}
          checkout={isCheckoutPath(next)}
        />
      )}
      </Suspense>
    </>
  );
}
