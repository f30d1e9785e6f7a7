import { useQuery } from '@tanstack/react-query';
import type { Certificate, PublicCertificate } from '@app/contract/orders';
import { COOKIES } from '@app/contract/constants';
import { apiClient, errorMessage, forceLogout } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { USER_SCOPED_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * The certificate calls: the signed-in user's list, the public check of a serial and the PDF
 * download. Read by shape (types only from the contract), so these pages carry no zod.
 */

export type { Certificate, PublicCertificate };

interface Data<T> {
  success: true;
  data: T;
}

export const CERTIFICATES_FETCH_ERROR = 'Failed to fetch your certificates';
export const NO_CERTIFICATE = 'No certificate has this serial';

export const certificateKeys = {
  // Under the user prefix: a logout drops them (query-client.ts).
  list: (userId: string) => [...USER_SCOPED_QUERY_KEY, 'certificates', userId] as const,
  public: (serial: string) => ['certificates', 'public', serial] as const,
};

/** The web page that verifies a serial. */
export const certificatePagePath = (serial: string) => `/certificates/${encodeURIComponent(serial)}`;

/** `GET v1/users/{id}/certificates`: newest first. */
export async function getUserCertificates(userId: string): Promise<Certificate[]> {
  const response = await apiClient.get<Data<Certificate[]>>(`v1/users/${encodeURIComponent(userId)}/certificates`);
  if (!response.ok || !Array.isArray(response.data?.data)) throw new Error(errorMessage(response, CERTIFICATES_FETCH_ERROR));
  return response.data.data;
}

export function useUserCertificates(userId: string | null | undefined) {
  return useQuery({ queryKey: certificateKeys.list(userId ?? ''), queryFn: () => getUserCertificates(userId!), enabled: Boolean(userId) });
}

/** What the public check answered: the certificate, or why there is none to show. */
export type PublicLookup = { found: true; certificate: PublicCertificate } | { found: false; reason: 'unknown' | 'malformed' };

/** `GET v1/certificates/{serial}`: 404 (nobody holds it) and 400 (not a serial) are answers, not errors. */
export async function getPublicCertificate(serial: string): Promise<PublicLookup> {
  const response = await apiClient.get<Data<PublicCertificate>>(`v1/certificates/${encodeURIComponent(serial)}`);
  if (response.status === 404) return { found: false, reason: 'unknown' };
  if (response.status === 400) return { found: false, reason: 'malformed' };
  if (!response.ok || !response.data?.data) throw new Error(errorMessage(response, 'This certificate could not be checked. Please try again.'));
  return { found: true, certificate: response.data.data };
}

export function usePublicCertificate(serial: string) {
  return useQuery({ queryKey: certificateKeys.public(serial), queryFn: () => getPublicCertificate(serial), retry: false });
}

/**
 * Downloads the owner's PDF. The API reads the session from the Authorization header, which a
 * plain link cannot send, so the file is fetched here and handed to the browser as a blob.
 */
export async function downloadCertificatePdf(certificate: Pick<Certificate, 'serial' | 'pdfUrl'>): Promise<{ ok: true } | { ok: false; message: string }> {
  const token = getCookie(COOKIES.session);
  let response: Response;
  try {
    response = await fetch(certificate.pdfUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    return { ok: false, message: 'Please try after sometime' };
  }
  if (response.status === 401) {
    forceLogout();
    return { ok: false, message: 'Please log in again to download your certificate' };
  }
  if (!response.ok) return { ok: false, message: response.status === 404 ? NO_CERTIFICATE : 'The PDF could not be downloaded. Please try again.' };
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${certificate.serial}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true };
}
