import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import './status-page.css';

/** Shown inside the layout when a page throws while rendering or loading. */
export function RouteErrorPage({ error }: { error: unknown }) {
  // The detail goes to the console for developers; people get a calm message.
  console.error(error);
  return (
    <section className="container status-page" role="alert" aria-labelledby="route-error-title">
      <title>Something went wrong — Carbonwise</title>
      <h1 id="route-error-title" className="status-page__title">
        Something went wrong
      </h1>
      <p className="status-page__body">This page hit a problem. Reloading usually helps; if not, start again from the shop.</p>
      <div className="status-page__actions">
        <button type="button" className={buttonClassName('primary', 'lg')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className={buttonClassName('secondary', 'lg')}>
          Back to the shop
        </Link>
      </div>
    </section>
  );
}
