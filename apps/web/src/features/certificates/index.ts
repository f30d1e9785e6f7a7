export { CertificateList, NO_CERTIFICATES_YET } from './components/CertificateList.tsx';
export { certificateKeys, certificatePagePath, useUserCertificates } from './api/certificates-api.ts';
