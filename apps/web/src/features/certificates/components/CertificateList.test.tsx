import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Certificate } from '@app/contract/orders';
import { setCookie } from '../../../lib/cookies.ts';
import { cleanup, clearAllCookies, click, render } from '../../../test/render.tsx';
import { json, stubApi } from '../../../test/dom.ts';
import { until } from '../../../test/until.ts';
import { CertificateList } from './CertificateList.tsx';

const USER_ID = '0190f0c4-0000-7000-8000-000000000001';
const make = (serial: string, overrides: Partial<Certificate> = {}): Certificate => ({
  _id: `id-${serial}`,
  serial,
  status: 'valid',
  projectName: 'Kenya cookstoves',
  productSlug: 'kenya-cookstoves',
  standard: 'Gold Standard',
  country: 'Kenya',
  projectValidUntil: null,
  tonnes: 3,
  beneficiary: { type: 'person', name: 'Ada Greenwood' },
  issuedAt: '2026-11-23T08:00:00.000Z',
  orderId: 'order-1',
  orderNumber: 'GM-20261123-ABC123',
  pdfUrl: `/api/v1/certificates/${serial}/pdf`,
  verifyUrl: `https://shop.example/certificates/${serial}`,
  ...overrides,
});
const listPath = `GET /api/v1/users/${USER_ID}/certificates`;

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CertificateList userId={USER_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const settled = (container: HTMLElement) => until(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());

beforeEach(() => {
  clearAllCookies();
  setCookie('JWTToken', 'token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CertificateList', () => {
  it('lists the certificates in the order the server sends (newest first) with a Download PDF and a Verify link each', async () => {
    stubApi({ [listPath]: () => json(200, { success: true, data: [make('GMC-2026-2222-3333-4444', { tonnes: 1 }), make('GMC-2026-5555-6666-7777', { beneficiary: { type: 'business', name: 'Acme Ltd' } })] }) });
    const { container } = renderList();
    await settled(container);
    const items = [...container.querySelectorAll('[data-testid="certificate-item"]')];
    expect(items.map((item) => item.querySelector('.certificate-serial')?.textContent)).toEqual(['GMC-2026-2222-3333-4444', 'GMC-2026-5555-6666-7777']);
    expect(items[0].textContent).toContain('1 tonne CO₂e');
    expect(items[1].textContent).toContain('Acme Ltd');
    const download = items[0].querySelector('a[download]')!;
    expect(download.textContent).toBe('Download PDF');
    expect(download.getAttribute('href')).toBe('/api/v1/certificates/GMC-2026-2222-3333-4444/pdf');
    const verify = [...items[0].querySelectorAll('a')].find((link) => link.textContent === 'Verify')!;
    expect(verify.getAttribute('href')).toBe('/certificates/GMC-2026-2222-3333-4444');
  });

  it('downloads the PDF with the session token (a plain link cannot send it)', async () => {
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, original));
    const api = stubApi({
      [listPath]: () => json(200, { success: true, data: [make('GMC-2026-2222-3333-4444')] }),
      'GET /api/v1/certificates/GMC-2026-2222-3333-4444/pdf': () => new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const { container } = renderList();
    await settled(container);
    click(container.querySelector('a[download]')!);
    await until(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const pdfCall = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/pdf'))!;
    expect((pdfCall[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('shows the empty state', async () => {
    stubApi({ [listPath]: () => json(200, { success: true, data: [] }) });
    const { container } = renderList();
    await settled(container);
    expect(container.querySelector('[data-testid="certificates-empty"]')?.textContent).toBe('No certificates yet — they appear when an offset order is paid');
  });

  it('shows the server’s message when the list cannot be read', async () => {
    stubApi({ [listPath]: () => json(403, { success: false, code: 'FORBIDDEN', message: 'You can only see your own certificates' }) });
    const { container } = renderList();
    await settled(container);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('You can only see your own certificates');
  });
});
