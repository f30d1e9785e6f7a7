import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { useShopPage } from '../api.ts';
import { ShopPageView } from '../components/ShopPageView.tsx';
import '../../products/components/product-catalog.css';
import '../shop-pages.css';

/** /shop/:slug: a business's public shop page (no sign-in needed). */
export function ShopPage() {
  const slug = useParams().slug ?? '';
  const page = useShopPage(slug);

  if (page.isPending) {
    return (
      <div className="shop-loading" aria-busy="true">
        <PageTitle title="Shop — Carbonwise" />
        <p className="visually-hidden" role="status">
          Loading the shop page…
        </p>
        <Skeleton height="14rem" />
        <div className="container shop-page__body">
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton height="18rem" />
        </div>
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="container shop-state" role="alert">
        <PageTitle title="Shop — Carbonwise" />
        <h1 className="shop-state__title">This shop page could not be loaded</h1>
        <p className="shop-state__body">{page.error.message}</p>
        <Button variant="secondary" onClick={() => void page.refetch()} loading={page.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (!page.data) {
    return (
      <div className="container shop-state">
        <PageTitle title="Shop not found — Carbonwise" />
        <h1 className="shop-state__title">No shop here</h1>
        <p className="shop-state__body">There is no business shop page at this address. It may have moved or been taken down.</p>
        <Link to="/products">Browse the whole shop</Link>
      </div>
    );
  }
  return (
    <>
      <PageTitle title={`${page.data.title} — ${page.data.business.name} — Carbonwise`} />
      <ShopPageView page={page.data} />
    </>
  );
}
