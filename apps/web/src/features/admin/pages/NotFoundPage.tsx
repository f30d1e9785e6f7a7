import { Link } from 'react-router';
import { EmptyState } from '../components/States.tsx';

/** A console address that is not one of its pages (the server answered it with HTTP 404 too). */
export function NotFoundPage() {
  return (
    <>
      <title>Not found · Carbonwise Admin</title>
      <EmptyState
        title="There is no such page in the console"
        action={
          <Link className="btn btn--secondary btn--sm" to="/admin">
            Go to the dashboard
          </Link>
        }
      >
        The address may be mistyped, or the page has moved. Use the menu to find what you were looking for.
      </EmptyState>
    </>
  );
}
