import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { PAGE_NOT_FOUND_TITLE } from './not-found-title.ts';
import './status-page.css';

/**
 * Any path without a route. Friendly, and one obvious way back. The server answers such an
 * address with HTTP 404 and this page's title and `noindex` in the head (entry-server.tsx).
 */
export function NotFoundPage() {
  return (
    <section className="container status-page" aria-labelledby="not-found-title">
      <title>{PAGE_NOT_FOUND_TITLE}</title>
      <p className="status-page__code">404</p>
      <h1 id="not-found-title" className="status-page__title">
        We couldn’t find that page
      </h1>
      <p className="status-page__body">The link may be mistyped, or the page may have moved. The shop is still here.</p>
      <Link to="/" className={buttonClassName('primary', 'lg')}>
        Back to the shop
      </Link>
    </section>
  );
}
