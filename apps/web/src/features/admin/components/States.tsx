import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';

/** The console's loading, empty and error states, so every screen says the same things the same way. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="admin-state" role="status">
      <Spinner size="md" label={label} />
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="admin-state admin-state--empty">
      <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" className="admin-state__icon">
        <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M8 20h32M18 28h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="admin-state__title">{title}</p>
      {children && <p className="admin-state__text">{children}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: Error | null; onRetry?: () => void }) {
  return (
    <div className="admin-state admin-state--error" role="alert">
      <p className="admin-state__title">This could not be loaded</p>
      <p className="admin-state__text">{error?.message || 'Something went wrong on our side. Please try again in a moment.'}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A screen's title row: heading, a line of context and the screen's main actions. */
export function PageHeader({ title, description, actions, back }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <header className="admin-page-header">
      <div>
        {back}
        <h1 className="admin-page-header__title">{title}</h1>
        {description && <p className="admin-page-header__description">{description}</p>}
      </div>
      {actions && <div className="admin-page-header__actions">{actions}</div>}
    </header>
  );
}

/** A small coloured label: an order's status, a hidden review, an archived product. */
export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info'; children: ReactNode }) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}
