/**
 * Where people go after signing in or verifying. Only paths on this site are followed, never
 * another host (`//evil.example` or `https://…`), so a crafted link cannot send anyone away.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Back to the login page would be a loop.
  if (/^\/(login|register)(\/|\?|$)/.test(value)) return null;
  return value;
}

export const EMPLOYER_ACCOUNT_PATH = '/other/my-employer-account';
export const BUSINESS_ACCOUNT_PATH = '/other/my-business-account';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Spec §4: after email verification, a stored join-business code leads to the employer account
 * page, a join-supplier or join-distributor code to the business account page; otherwise the
 * page the person was heading to, or home.
 */
export function pathAfterVerification(next?: string | null): string {
  if (stored('JoinBusinessCode')) return EMPLOYER_ACCOUNT_PATH;
  if (stored('JoinSupplierCode') || stored('JoinDistributorCode')) return BUSINESS_ACCOUNT_PATH;
  return safeNextPath(next) ?? '/';
}

/**
 * The page a verification email should open when the person signed up through a join link: the
 * employer or business page, carrying the code, so the link in the email joins even when it is
 * opened in another browser, where the stored code is not (issue 26 item 7). Null without a code.
 */
export function joinPathForEmail(): string | null {
  for (const [key, path] of [['JoinBusinessCode', EMPLOYER_ACCOUNT_PATH], ['JoinSupplierCode', BUSINESS_ACCOUNT_PATH], ['JoinDistributorCode', BUSINESS_ACCOUNT_PATH]] as const) {
    const code = stored(key);
    if (code && /^[A-Za-z0-9-]{3,40}$/.test(code)) return `${path}?${key}=${encodeURIComponent(code)}`;
  }
  return null;
}

/** Register's `checkout` flag: the verification link should bring the person back to checkout. */
export function isCheckoutPath(next: string | null | undefined): boolean {
  return Boolean(next && /^\/other\/checkout(\/|\?|$)/.test(next));
}

/** The login page, on the chosen tab, optionally with the email filled in and a page to return to. */
export function loginPath(options: { tab?: 'login' | 'register'; email?: string | null; next?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.tab === 'register') params.set('tab', 'register');
  if (options.email) params.set('email', options.email);
  const next = safeNextPath(options.next);
  if (next) params.set('next', next);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/**
 * The page where someone who verified an email that competing sign-ups used chooses the
 * account's password (decision 0005): the reset-password page in its "choose" wording.
 */
export function choosePasswordPath(resetToken: string): string {
  return `/reset-password?${new URLSearchParams({ tk: resetToken, choose: '1' })}`;
}
