import { ForgotPasswordFlow } from '../../features/auth/components/ForgotPasswordFlow.tsx';
import './auth-page.css';

/** /forgot-password: reset by emailed link or by 6-digit code. */
export function ForgotPasswordPage() {
  return (
    <div className="container auth-page auth-page--single">
      <title>Reset your password — Carbonwise</title>
      <section className="auth-card" aria-labelledby="forgot-title">
        <header className="auth-card__header">
          <h1 id="forgot-title" className="auth-card__title">
            Reset your password
          </h1>
        </header>
        <ForgotPasswordFlow />
      </section>
    </div>
  );
}
