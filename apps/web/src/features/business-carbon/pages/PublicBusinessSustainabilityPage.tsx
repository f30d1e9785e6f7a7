import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/index.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { useCountries } from '../../carbon/api/carbon-api.ts';
import { ProfileView } from '../../carbon/components/ProfileView.tsx';
import { ImpactSection } from '../../carbon/impact/ImpactSection.tsx';
import { businessCarbonKeys, getPublicBusinessProfile } from '../api.ts';
import '../../carbon/components/carbon.css';
import '../../carbon/components/profile.css';

/** /business-sustainability/:slug: a business's public sustainability profile, in its theme; hidden fields never arrive. */
export function PublicBusinessSustainabilityPage() {
  const slug = useParams().slug ?? '';
  const profile = useQuery({ queryKey: businessCarbonKeys.publicProfile(slug), queryFn: () => getPublicBusinessProfile(slug), retry: false });
  const countries = useCountries();
  const countryName = countries.data?.find((country) => country.countryCode === profile.data?.country)?.entity;
  const data = profile.data;
  return (
    <div className="container carbon-page carbon-page--narrow">
      <PageTitle title={data ? `${data.title || data.businessName} — Carbonwise` : 'Business sustainability — Carbonwise'} />
      {profile.isPending && (
        <div className="carbon-card" aria-busy="true" aria-label="Loading the profile">
          <Skeleton height="7rem" />
          <Skeleton height="10rem" />
        </div>
      )}
      {profile.isError && <FormAlert>{profile.error.message}</FormAlert>}
      {data === null && (
        <div className="carbon-card">
          <h1 className="carbon-page__title">No profile here</h1>
          <p className="carbon-muted">There is no public business-sustainability profile at this address.</p>
          <p>
            <Link to="/products?kind=offset">Browse carbon offsets</Link>
          </p>
        </div>
      )}
      {data && (
        <>
          <p className="carbon-muted">Sustainability at {data.businessName}</p>
          <ProfileView profile={{ ...data, title: data.title || data.businessName }} countryName={countryName} />
          <ImpactSection kind="businesses" slug={data.slug} />
        </>
      )}
    </div>
  );
}
