import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/index.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { readStoredUserId, useMyBusiness } from '../../business/api.ts';
import { ProfileEditor, type ProfileEditorTarget } from '../../carbon/components/ProfileEditor.tsx';
import { useSession } from '../../session/session-store.ts';
import { businessCarbonKeys, getOwnBusinessProfile, saveOwnBusinessProfile } from '../api.ts';
import '../../carbon/components/carbon.css';
import '../../carbon/components/profile.css';

const PATH = '/other/my-business-account/sustainability';

/** /other/my-business-account/sustainability: the owner edits the business-sustainability profile (spec §3). */
export function BusinessSustainabilityEditorPage() {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMyBusiness(isLoggedIn ? userId : undefined);
  const businessCode = mine.data?.businessCode ?? '';
  const profile = useQuery({ queryKey: businessCarbonKeys.ownProfile(businessCode), queryFn: () => getOwnBusinessProfile(businessCode), enabled: Boolean(businessCode) });
  if (!isLoggedIn) return <Navigate to={loginPath({ next: PATH })} replace />;

  const target: ProfileEditorTarget | null = profile.data
    ? {
        save: (body) => saveOwnBusinessProfile(businessCode, body),
        ownKey: businessCarbonKeys.ownProfile(businessCode),
        publicKeyPrefix: ['business-sustainability', 'public'],
        publicPath: `/business-sustainability/${profile.data.slug}`,
        savedMessage: 'Business-sustainability profile saved',
      }
    : null;

  return (
    <div className="container carbon-page carbon-page--narrow">
      <PageTitle title="Business-sustainability profile — Carbonwise" />
      <nav aria-label="Breadcrumb" className="carbon-muted">
        <Link to="/account">Your account</Link> / <Link to="/other/my-business-account">Business account</Link> / Sustainability profile
      </nav>
      <header className="carbon-page__header">
        <h1 className="carbon-page__title">{mine.data ? `${mine.data.name}: sustainability profile` : 'Business-sustainability profile'}</h1>
        <p className="carbon-page__lead">A public page about your business's sustainability work. You choose which contact details it shows.</p>
      </header>
      {(mine.isPending || (businessCode && profile.isPending)) && (
        <div className="carbon-card" aria-busy="true" aria-label="Loading the profile">
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton height="16rem" />
        </div>
      )}
      {mine.isError && <FormAlert>{mine.error.message}</FormAlert>}
      {profile.isError && <FormAlert>{profile.error.message}</FormAlert>}
      {mine.data === null && (
        <div className="carbon-card">
          <p>Only a business's owner edits its sustainability profile, and you have no business account yet.</p>
          <p>
            <Link to="/other/my-business-account">Create your business account</Link>
          </p>
        </div>
      )}
      {profile.data && target && <ProfileEditor key={businessCode} initial={profile.data} target={target} />}
    </div>
  );
}
