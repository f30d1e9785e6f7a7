import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { apiClient, apiRequest, configureApiClient, FORCED_LOGOUT_PATH } from './api-client.ts';
import { getCookie, setCookie } from './cookies.ts';
import { getSession, setSession } from '../features/session/session-store.ts';
import { clearAllCookies } from '../test/render.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function logIn(): void {
  setCookie('JWTToken', 'token-123');
  setCookie('checkout', 'c1');
  setCookie('stripeSession', 's1');
  setCookie('userSlug', 'ada');
  localStorage.setItem('email', 'ada@example.com');
  setSession({ isLoggedIn: true, email: 'ada@example.com' });
}

describe('api client', () => {
  let fetchMock: Mock<typeof fetch>;
  let navigate: Mock<(to: string) => void>;
  let restoreHooks: () => void;

  beforeEach(() => {
    clearAllCookies();
    localStorage.clear();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    navigate = vi.fn<(to: string) => void>();
    // Only navigation is replaced: resetting state uses the real client-state registry.
    restoreHooks = configureApiClient({ navigate });
  });

  afterEach(() => {
    restoreHooks();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token from the JWTToken cookie', async () => {
    setCookie('JWTToken', 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, data: [] }));

    await apiClient.get('v1/carts');

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/carts');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without the cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await apiClient.get('/v1/products', { query: { showDetails: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/products?showDetails=1');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('passes no AbortSignal (spec §9: no request timeout)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await apiClient.post('auth/login', { userId: 'a', password: 'b' });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.signal).toBeUndefined();
    expect('signal' in init).toBe(false);
    expect(init.body).toBe(JSON.stringify({ userId: 'a', password: 'b' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns non-2xx statuses instead of throwing', async () => {
    for (const status of [400, 403, 404, 409, 429, 500]) {
      fetchMock.mockResolvedValueOnce(jsonResponse(status, { success: false, message: `m${status}`, code: 'X' }));
      const response = await apiRequest('GET', 'v1/products');
      expect(response).toEqual({ status, ok: false, data: { success: false, message: `m${status}`, code: 'X' } });
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('returns data null for an empty or non-JSON body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await apiClient.delete('v1/carts')).toEqual({ status: 204, ok: true, data: null });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await apiClient.get('v1/products')).toEqual({ status: 502, ok: false, data: null });
  });

  it('throws on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiClient.get('v1/products')).rejects.toThrow('Failed to fetch');
  });

  it('forces logout on a 401 from v1/me: cookies cleared, session reset, sent to login', async () => {
    logIn();
    expect(getSession().isLoggedIn).toBe(true);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Unauthorized', code: 'UNAUTHENTICATED' }));

    const response = await apiClient.get('v1/me');

    expect(response.status).toBe(401);
    expect(getCookie('JWTToken')).toBeNull();
    expect(getCookie('checkout')).toBeNull();
    expect(getCookie('stripeSession')).toBeNull();
    expect(getCookie('userSlug')).toBeNull();
    expect(getSession().isLoggedIn).toBe(false);
    expect(getSession().email).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?loggedIn=false');
    expect(FORCED_LOGOUT_PATH).toBe('/login?loggedIn=false');
  });

  it.each([
    ['POST', 'auth/login'],
    ['POST', '/auth/register'],
    ['PATCH', '/auth/otp-verify'],
    ['PATCH', '/auth/otp-reset-password'],
    ['POST', '/auth/reset-password?tk=x'],
    ['PATCH', '/auth/registration-otp-verify'],
    ['POST', '/auth/reset-password-link'],
  ] as const)('does not force logout on a 401 from %s %s', async (method, path) => {
    logIn();
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Wrong password', code: 'INVALID_CREDENTIALS' }));

    const response = await apiRequest(method, path, { body: {} });

    expect(response).toMatchObject({ status: 401, ok: false, data: { message: 'Wrong password' } });
    expect(getCookie('JWTToken')).toBe('token-123');
    expect(getCookie('checkout')).toBe('c1');
    expect(getSession().isLoggedIn).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
