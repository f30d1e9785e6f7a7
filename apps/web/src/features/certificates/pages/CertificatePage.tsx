import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { NO_CERTIFICATE, usePublicCertificate, type PublicCertificate } from '../api/certificates-api.ts';
import { formatDateTime, formatDay, formatLongDate } from '../../../lib/dates.ts';
import { BENEFICIARY_TYPE, formatTonnes } from '../components/format.ts';
import { QrCode } from '../../../components/QrCode.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import '../components/certificates.css';

function VerifiedCertificate({ certificate }: { certificate: PublicCertificate }) {
  const valid = certificate.status === 'valid';
  // The page's own address needs the browser's origin: drawn once live, so server HTML and hydration agree.
  const hydrated = useHydrated();
  const verifyUrl = hydrated ? `${window.location.origin}/certificates/${encodeURIComponent(certificate.serial)}` : '';
  return (
    <article className={`certificate-card${valid ? '' : ' certificate-card--void'}`} aria-labelledby="certificate-title">
      <p className={`certificate-badge${valid ? '' : ' certificate-badge--void'}`} data-testid="certificate-status">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d={valid ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {valid ? 'Verified certificate' : certificate.voidedAt ? `Void — refunded on ${formatLongDate(certificate.voidedAt)}` : 'Void certificate'}
      </p>
      <h1 id="certificate-title" className="certificate-card__title">
        Certificate of carbon offset retirement
      </h1>
      <p className="certificate-card__tonnes">{formatTonnes(certificate.tonnes)}</p>
      <p className="certificate-card__lead">
        retired on behalf of <strong>{certificate.beneficiary.name}</strong>
      </p>
      {!valid && (
        <div className="certificate-card__void-note" data-testid="certificate-void-note">
          <p>This certificate is void: its order was refunded, and the tonnes above are no longer retired for this beneficiary. They went back to the project’s stock.</p>
          {certificate.voidReason && <p>Reason given: {certificate.voidReason}</p>}
          {certificate.replacedBySerial && (
            <p>
              What remains retired is stated on certificate <Link to={`/certificates/${encodeURIComponent(certificate.replacedBySerial)}`}>{certificate.replacedBySerial}</Link>.
            </p>
          )}
        </div>
      )}
      <dl className="certificate-card__facts">
        <div>
          <dt>Serial</dt>
          <dd className="certificate-serial">{certificate.serial}</dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>
            <Link to={`/products/${encodeURIComponent(certificate.productSlug)}`}>{certificate.projectName}</Link>
          </dd>
        </div>
        <div>
          <dt>Standard</dt>
          <dd>{certificate.standard ?? 'Not stated'}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{certificate.country ?? 'Not stated'}</dd>
        </div>
        <div>
          <dt>Beneficiary</dt>
          <dd>
            {certificate.beneficiary.name} <span className="certificate-card__muted">({BENEFICIARY_TYPE[certificate.beneficiary.type].toLowerCase()})</span>
          </dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>
            <time dateTime={certificate.issuedAt}>{formatDateTime(certificate.issuedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Project valid until</dt>
          <dd>{certificate.projectValidUntil ? <time dateTime={certificate.projectValidUntil}>{formatDay(certificate.projectValidUntil)}</time> : 'Not stated'}</dd>
        </div>
      </dl>
      <p className="certificate-card__muted">The project, standard, country, validity and tonnes are as they were recorded when the order was paid.</p>
      <figure className="certificate-card__qr">
        {verifyUrl ? <QrCode value={verifyUrl} label={`QR code of this certificate's verification page, ${verifyUrl}`} size={120} className="certificate-qr" /> : <div className="certificate-qr" />}
        <figcaption className="certificate-card__muted">Scan to check this certificate</figcaption>
      </figure>
    </article>
  );
}

/** /certificates/:serial: anyone can check a serial printed on a certificate. */
export function CertificatePage() {
  const serial = (useParams().serial ?? '').trim().toUpperCase();
  const lookup = usePublicCertificate(serial);

  return (
    <div className="container certificate-page">
      <PageTitle title={`Certificate ${serial} — Carbonwise`} />
      {lookup.isPending && (
        <div className="certificate-card" aria-busy="true">
          <p className="visually-hidden" role="status">
            Checking the certificate…
          </p>
          <Skeleton width="12rem" height="2rem" radius="999px" />
          <Skeleton width="70%" height="2.25rem" />
          <Skeleton width="40%" height="3rem" />
          <Skeleton height="12rem" />
        </div>
      )}
      {lookup.isError && (
        <section className="certificate-card certificate-card--state" role="alert">
          <h1 className="certificate-card__title">This certificate could not be checked</h1>
          <p>{lookup.error.message}</p>
          <Button variant="secondary" onClick={() => void lookup.refetch()} loading={lookup.isFetching}>
            Try again
          </Button>
        </section>
      )}
      {lookup.data?.found === false && (
        <section className="certificate-card certificate-card--state" data-testid="certificate-not-found">
          <h1 className="certificate-card__title">{NO_CERTIFICATE}</h1>
          <p>
            <span className="certificate-serial">{serial || '(none)'}</span>{' '}
            {lookup.data.reason === 'malformed' ? 'is not a certificate serial.' : 'was not issued by Carbonwise.'} Serials look like{' '}
            <span className="certificate-serial">GMC-2026-7Q4K-9XW2-M3TD</span>: check it against the certificate.
          </p>
          <Link className={buttonClassName('secondary')} to="/products">
            Browse offset projects
          </Link>
        </section>
      )}
      {lookup.data?.found && <VerifiedCertificate certificate={lookup.data.certificate} />}
    </div>
  );
}
