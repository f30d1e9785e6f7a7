import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useMyBusiness } from '../../business/api.ts';
import { ShopPageEditor } from '../components/ShopPageEditor.tsx';
import '../../business/business.css';

const PATH = '/account/shop-page';

/** /account/shop-page: the editor of the signed-in owner's business shop page, on a page of its own. */
export function ShopPageEditorPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMyBusiness(userId);

  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;

  let body;
  if (mine.isPending) {
    body = (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading your business
        </p>
        <Skeleton height={240} radius="var(--radius-md)" />
      </div>
    );
  } else if (mine.isError) {
    body = (
      <div className="business-alert" role="alert">
        <p>{mine.error.message}</p>
        <Button variant="secondary" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!mine.data) {
    body = (
      <section className="business-card">
        <h2 className="business-card__title">You have no business account yet</h2>
        <p className="business-muted">A shop page belongs to a business. Create your business account first, then come back here.</p>
        <p>
          <Link to="/other/my-business-account">Create a business account</Link>
        </p>
      </section>
    );
  } else {
    body = <ShopPageEditor businessId={mine.data.id} businessCode={mine.data.businessCode} />;
  }

  return (
    <div className="container business-page">
      <PageTitle title="Your shop page — Carbonwise" />
      <nav className="business-breadcrumb" aria-label="Breadcrumb">
        <Link to="/other/my-business-account">Business account</Link>
      </nav>
      <p className="business-eyebrow">Business account</p>
      <h1 className="business-page__title">Shop page{mine.data ? ` of ${mine.data.name}` : ''}</h1>
      {body}
    </div>
  );
}
