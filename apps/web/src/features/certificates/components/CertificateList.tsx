import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { certificatePagePath, downloadCertificatePdf, useUserCertificates, type Certificate } from '../api/certificates-api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { BENEFICIARY_TYPE, formatTonnes } from './format.ts';
import './certificates.css';

export const NO_CERTIFICATES_YET = 'No certificates yet — they appear when an offset order is paid';

/** One certificate: what it retired, for whom, and its two links. */
function CertificateItem({ certificate }: { certificate: Certificate }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    // A real link (keyboard, context menu) that, clicked, downloads with the session token.
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    const outcome = await downloadCertificatePdf(certificate);
    setDownloading(false);
    if (!outcome.ok) toast.error(outcome.message);
  }

  return (
    <li className="certificate-item" data-testid="certificate-item">
      <div className="certificate-item__main">
        <p className="certificate-item__tonnes">{formatTonnes(certificate.tonnes)}</p>
        <h3 className="certificate-item__project">{certificate.projectName}</h3>
        <dl className="certificate-item__facts">
          <div>
            <dt>Serial</dt>
            <dd className="certificate-serial">{certificate.serial}</dd>
          </div>
          <div>
            <dt>Issued</dt>
            <dd>
              <time dateTime={certificate.issuedAt}>{formatDate(certificate.issuedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>{certificate.orderNumber}</dd>
          </div>
          <div>
            <dt>{BENEFICIARY_TYPE[certificate.beneficiary.type]}</dt>
            <dd>{certificate.beneficiary.name}</dd>
          </div>
        </dl>
        {certificate.status === 'void' && <p className="certificate-badge certificate-badge--void">Void</p>}
      </div>
      <div className="certificate-item__actions">
        <a
          className={buttonClassName('primary', 'sm')}
          href={certificate.pdfUrl}
          download={`${certificate.serial}.pdf`}
          onClick={(event) => void download(event)}
          aria-busy={downloading || undefined}
          aria-label={`Download PDF of certificate ${certificate.serial}`}
        >
          {downloading ? 'Downloading…' : 'Download PDF'}
        </a>
        <Link className={buttonClassName('secondary', 'sm')} to={certificatePagePath(certificate.serial)} aria-label={`Verify certificate ${certificate.serial}`}>
          Verify
        </Link>
      </div>
    </li>
  );
}

/**
 * The signed-in user's retirement certificates, newest first, each with its PDF and its public
 * page. Placed on the account page and in the order history; `userId` is the signed-in user's.
 */
export function CertificateList({ userId }: { userId: string }) {
  const certificates = useUserCertificates(userId);

  if (certificates.isPending) {
    return (
      <div className="certificate-list" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading your certificates…
        </p>
        {[0, 1].map((key) => (
          <Skeleton key={key} height="6.5rem" />
        ))}
      </div>
    );
  }
  if (certificates.isError) {
    return (
      <div className="certificate-list__state" role="alert">
        <p>{certificates.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void certificates.refetch()} loading={certificates.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (certificates.data.length === 0) {
    return (
      <p className="certificate-list__state" data-testid="certificates-empty">
        {NO_CERTIFICATES_YET}
      </p>
    );
  }
  return (
    <ul className="certificate-list" aria-label="Your certificates">
      {certificates.data.map((certificate) => (
        <CertificateItem key={certificate._id} certificate={certificate} />
      ))}
    </ul>
  );
}
