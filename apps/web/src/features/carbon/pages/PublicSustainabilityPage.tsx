import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { getPublicProfile, profileKeys, useCountries } from '../api/carbon-api.ts';
import { ProfileView } from '../components/ProfileView.tsx';
import { ImpactSection } from '../impact/ImpactSection.tsx';
import '../components/carbon.css';
import '../components/profile.css';

/** /sustainability/:slug: someone's public sustainability profile. */
export function PublicSustainabilityPage() {
  const slug = useParams().slug ?? '';
  const profile = useQuery({ queryKey: profileKeys.public(slug), queryFn: () => getPublicProfile(slug), retry: false });
  const countries = useCountries();
  const countryName = countries.data?.find((country) => country.countryCode === profile.data?.country)?.entity;
  return (
    <div className="container carbon-page carbon-page--narrow">
      <title>{profile.data?.title ? `${profile.data.title} — Carbonwise` : 'Sustainability profile — Carbonwise'}</title>
      {profile.isPending && (
        <div className="carbon-card" aria-busy="true" aria-label="Loading the profile">
          <Skeleton height="7rem" />
          <Skeleton height="10rem" />
        </div>
      )}
      {profile.isError && <FormAlert>{profile.error.message}</FormAlert>}
      {profile.data === null && (
        <div className="carbon-card">
          <h1 className="carbon-page__title">No profile here</h1>
          <p className="carbon-muted">There is no public sustainability profile at this address.</p>
          <p>
            <Link to="/carbon-calculator">Work out your own footprint</Link>
          </p>
        </div>
      )}
      {profile.data && (
        <>
          <ProfileView profile={profile.data} countryName={countryName} />
          <ImpactSection kind="users" slug={slug} />
        </>
      )}
    </div>
  );
}
