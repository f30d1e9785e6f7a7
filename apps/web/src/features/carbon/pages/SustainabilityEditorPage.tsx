import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { getOwnProfile, profileKeys } from '../api/carbon-api.ts';
import { ProfileEditor } from '../components/ProfileEditor.tsx';
import '../components/carbon.css';
import '../components/profile.css';

/** /account/sustainability: the owner's sustainability profile editor (signed in only). */
export function SustainabilityEditorPage() {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const profile = useQuery({ queryKey: profileKeys.own, queryFn: getOwnProfile, enabled: isLoggedIn });
  if (!isLoggedIn) return <Navigate to={loginPath({ next: '/account/sustainability' })} replace />;
  return (
    <div className="container carbon-page carbon-page--narrow">
      <title>Your sustainability profile — Carbonwise</title>
      <header className="carbon-page__header">
        <h1 className="carbon-page__title">Your sustainability profile</h1>
        <p className="carbon-page__lead">A public page about your sustainability work. You choose which contact details it shows.</p>
      </header>
      {profile.isPending && (
        <div className="carbon-card" aria-busy="true" aria-label="Loading your profile">
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton height="16rem" />
        </div>
      )}
      {profile.isError && <FormAlert>{profile.error.message}</FormAlert>}
      {profile.data && <ProfileEditor initial={profile.data} />}
    </div>
  );
}
