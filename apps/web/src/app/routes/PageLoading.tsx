import { Spinner } from '../../components/ui/Spinner.tsx';

/**
 * Shown in the page area while a lazy page's code loads (its <Suspense> fallback, routes.tsx),
 * so the header and footer are there at once and nothing is blank.
 */
export function PageLoading() {
  return (
    <div className="container page-loading">
      <Spinner size="lg" label="Loading the page" />
    </div>
  );
}
