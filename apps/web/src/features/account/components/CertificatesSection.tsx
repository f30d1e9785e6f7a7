import { CertificateList } from '../../certificates/index.ts';
import { AccountSection } from './AccountSection.tsx';

/** The account page's list of retirement certificates (the order history shows the same list). */
export function CertificatesSection({ userId }: { userId: string }) {
  return (
    <AccountSection id="certificates" title="Certificates" description="One for every paid offset order line: download the PDF, or share its public page so anyone can verify the serial.">
      <CertificateList userId={userId} />
    </AccountSection>
  );
}
