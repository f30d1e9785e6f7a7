import { Spinner } from '../../components/ui/Spinner.tsx';

/**
 * Shown in the page area while a page's code loads on the first visit (the route's
 * HydrateFallback), so the header and footer are there at once and nothing is blank.
 */
export function PageLoading() {
  return (
    <div className="container page-loading">
      <Spinner size="lg" label="Loading the page" />
    </div>
  );
}
