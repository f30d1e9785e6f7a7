import type { ReactNode } from 'react';
import './account.css';

/** One titled card of the account page; its id is the target of the page's section links. */
export function AccountSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="account-section" aria-labelledby={`${id}-title`}>
      <header className="account-section__header">
        <h2 id={`${id}-title`} className="account-section__title">
          {title}
        </h2>
        {description && <p className="account-section__description">{description}</p>}
      </header>
      {children}
    </section>
  );
}
