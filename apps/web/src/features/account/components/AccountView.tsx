import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useMe } from '../../session/api/use-me.ts';
import { AddressSection } from './AddressSection.tsx';
import { CertificatesSection } from './CertificatesSection.tsx';
import { CurrencySection } from './CurrencySection.tsx';
import { DataSection } from './DataSection.tsx';
import { LoginEmailSection } from './LoginEmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { RecoveryEmailSection } from './RecoveryEmailSection.tsx';
import './account.css';

export const ACCOUNT_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'address', label: 'Billing address' },
  { id: 'currency', label: 'Currency' },
  { id: 'password', label: 'Password' },
  { id: 'recovery-email', label: 'Recovery email' },
  { id: 'login-email', label: 'Login email' },
  { id: 'certificates', label: 'Certificates' },
  { id: 'your-data', label: 'Your data' },
] as const;

function AccountSkeleton() {
  return (
    <div className="account-sections" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your account
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className="account-section">
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton width="70%" />
          <div className="account-skeleton__row">
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
          </div>
          <Skeleton width="8rem" height="2.75rem" />
        </div>
      ))}
    </div>
  );
}

/** The account page body: v1/me loaded once and shared by every section. */
export function AccountView() {
  const me = useMe();
  if (me.isPending) return <AccountSkeleton />;
  if (me.isError || !me.data) {
    return (
      <div className="account-sections">
        <div className="account-section account-section--error" role="alert">
          <p>We could not load your account. Please try again.</p>
          <Button variant="secondary" onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const data = me.data;
  // Keyed by the data's identity where a save changes what the form was filled with.
  return (
    <div className="account-sections">
      <ProfileSection key={`profile-${data.data.firstName}-${data.data.lastName}-${data.data.phone}-${data.selectedCountry}`} me={data} />
      <AddressSection key={`address-${JSON.stringify(data.billingAddress)}`} me={data} />
      <CurrencySection key={`currency-${data.temporaryCheckoutCurrency}-${data.currencyLevel}`} me={data} />
      <PasswordSection email={data.email} />
      <RecoveryEmailSection me={data} />
      <LoginEmailSection me={data} />
      <CertificatesSection userId={data.data._id} />
      <DataSection email={data.email} />
    </div>
  );
}
