import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { PublicBusinessPage } from '@app/contract/business';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { useCountryName } from '../../../lib/countries.ts';
import '../shop-pages.css';
import { formatDate } from '../../../lib/dates.ts';

/** `GET v1/business-profiles/slug/{slug}`: null when no business has this address name. */
async function getPublicBusiness(slug: string): Promise<PublicBusinessPage | null> {
  const response = await apiClient.get<{ data: PublicBusinessPage }>(`v1/business-profiles/slug/${encodeURIComponent(slug)}`);
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok || !response.data) throw new Error('This business could not be loaded. Please try again.');
  return response.data.data;
}

/**
 * /business/:slug: a business's public page (issue 11, "a business's public page"): what the
 * business is, with links to its shop page and its sustainability profile when it has them.
 * Visitors need no account.
 */
export function BusinessPublicPage() {
  const slug = useParams().slug ?? '';
  const business = useQuery({ queryKey: ['business', 'public', slug], retry: false, queryFn: () => getPublicBusiness(slug) });
  const countryName = useCountryName();

  if (business.isPending) {
    return (
      <div className="container shop-state" aria-busy="true">
        <PageTitle title="Business — Carbonwise" />
        <p className="visually-hidden" role="status">
          Loading the business…
        </p>
        <Skeleton height="2.5rem" width="50%" />
        <Skeleton height="8rem" />
      </div>
    );
  }
  if (business.isError) {
    return (
      <div className="container shop-state" role="alert">
        <PageTitle title="Business — Carbonwise" />
        <h1 className="shop-state__title">This business could not be loaded</h1>
        <p className="shop-state__body">{business.error.message}</p>
        <Button variant="secondary" onClick={() => void business.refetch()} loading={business.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (!business.data) {
    return (
      <div className="container shop-state">
        <PageTitle title="Business not found — Carbonwise" />
        <h1 className="shop-state__title">No business here</h1>
        <p className="shop-state__body">No business uses this address. It may have changed its address name.</p>
        <Link to="/products">Browse the shop</Link>
      </div>
    );
  }

  const b = business.data;
  const { shopProducts, sustainabilityProfile } = b.published;
  const facts = [b.industry, countryName(b.country), b.size ? `${b.size} people` : ''].filter(Boolean);
  return (
    <div className="container business-public">
      <PageTitle title={`${b.name} — Carbonwise`} />
      <header className="business-public__head">
        {b.logoUrl ? (
          <img className="business-public__logo" src={b.logoUrl} alt="" width={72} height={72} />
        ) : (
          <span className="business-public__logo business-public__logo--initial" aria-hidden="true">
            {b.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="business-public__name">{b.name}</h1>
          {facts.length > 0 && <p className="business-public__facts">{facts.join(' · ')}</p>}
        </div>
      </header>
      {b.description && <p className="business-public__about">{b.description}</p>}
      <div className="business-public__links">
        {shopProducts !== null && (
          <Link className={buttonClassName('primary')} to={`/shop/${b.businessSlug}`}>
            Visit the shop ({shopProducts} {shopProducts === 1 ? 'product' : 'products'})
          </Link>
        )}
        {sustainabilityProfile && (
          <Link className={buttonClassName('secondary')} to={`/business-sustainability/${b.businessSlug}`}>
            Sustainability profile
          </Link>
        )}
        {b.website && (
          <a className={buttonClassName('secondary')} href={b.website} rel="noopener noreferrer nofollow" target="_blank">
            Website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      {shopProducts === null && !sustainabilityProfile && (
        <p className="business-public__muted">This business has not published a shop page or a sustainability profile yet.</p>
      )}
      <p className="business-public__muted">On Carbonwise since {formatDate(b.createdAt)}.</p>
    </div>
  );
}
