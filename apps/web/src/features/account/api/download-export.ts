import { apiUrl, forceLogout } from '../../../lib/api-client.ts';
import { COOKIES } from '@app/contract/constants';
import { getCookie } from '../../../lib/cookies.ts';

/**
 * Downloads everything the shop holds about the signed-in person as one JSON file. The API reads
 * the session from the Authorization header, which a plain link cannot send, so the file is
 * fetched here and handed to the browser as a blob (as certificate PDFs are).
 */
export async function downloadAccountExport(): Promise<{ ok: true } | { ok: false; message: string }> {
  const token = getCookie(COOKIES.session);
  let response: Response;
  try {
    response = await fetch(apiUrl('/v1/account/export'), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    return { ok: false, message: 'Please try after sometime' };
  }
  if (response.status === 401) {
    forceLogout();
    return { ok: false, message: 'Please log in again to download your data' };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, message: typeof body?.message === 'string' ? body.message : 'Your data could not be downloaded. Please try again.' };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'carbonwise-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true };
}
