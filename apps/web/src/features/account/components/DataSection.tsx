import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { downloadAccountExport } from '../api/download-export.ts';
import { AccountSection } from './AccountSection.tsx';

// The deletion dialog's code arrives only when someone opens it.
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog.tsx'));

/** "Your data" (issue 25): download everything the shop holds about you, or delete the account. */
export function DataSection({ email }: { email: string }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    setError(null);
    const result = await downloadAccountExport();
    setDownloading(false);
    if (result.ok) toast.success('Your data is downloading');
    else setError(result.message);
  };

  return (
    <AccountSection id="your-data" title="Your data" description="Take a copy of everything we hold about you, or close your account for good.">
      <div className="account-data">
        <div className="account-data__item">
          <div>
            <h3 className="account-data__title">Download my data</h3>
            <p className="account-data__text">
              One JSON file with your profile, addresses, orders, certificates, footprints, reviews, wishlist, newsletter subscription, businesses, network and
              referral earnings.
            </p>
          </div>
          <Button variant="secondary" onClick={() => void download()} loading={downloading}>
            Download my data
          </Button>
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="account-data__item account-data__item--danger">
          <div>
            <h3 className="account-data__title">Delete my account</h3>
            <p className="account-data__text">
              Your personal details are erased and you are signed out everywhere. Paid orders and certificates stay in our books without your name.
            </p>
          </div>
          <Button variant="secondary" className="account-data__delete" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </AccountSection>
  );
}
