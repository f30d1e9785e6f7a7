import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PublicCertificate } from '@app/contract/orders';
import { cleanup, click, render } from '../../../test/render.tsx';
import { flush, getButton, json, stubApi } from '../../../test/dom.ts';
import { until } from '../../../test/until.ts';
import { CertificatePage } from './CertificatePage.tsx';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';

const SERIAL = 'GMC-2026-7Q4K-9XW2-M3TD';
const certificate: PublicCertificate = {
  serial: SERIAL,
  status: 'valid',
  projectName: 'Kenya cookstoves',
  productSlug: 'kenya-cookstoves',
  standard: 'Gold Standard',
  country: 'Kenya',
  projectValidUntil: '2030-12-31',
  tonnes: 2.5,
  beneficiary: { type: 'person', name: 'Ada Greenwood' },
  issuedAt: '2026-11-23T08:00:00.000Z',
};

function renderPage(serial: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/certificates/${serial}`]}>
        <Routes>
          <Route path="/certificates/:serial" element={<CertificatePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/certificates/:serial', () => {
  it('shows a loading state, then the verified certificate', async () => {
    let release: () => void = () => {};
    const api = stubApi({ [`GET /api/v1/certificates/${SERIAL}`]: () => new Promise((resolve) => (release = () => resolve(json(200, { success: true, data: certificate })))) });
    const { container } = renderPage(SERIAL);
    await flush();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Checking the certificate…');
    release();
    await until(() => expect(container.querySelector('h1')?.textContent).toBe('Certificate of carbon offset retirement'));
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(container.querySelector('[data-testid="certificate-status"]')?.textContent).toBe('Verified certificate');
    const text = container.textContent!;
    for (const expected of ['2.5 tonnes CO₂e', 'Ada Greenwood', SERIAL, 'Kenya cookstoves', 'Gold Standard', 'Kenya', formatDateTime('2026-11-23T08:00:00.000Z'), formatDay('2030-12-31')]) expect(text).toContain(expected);
    expect(container.querySelector('a[href="/products/kenya-cookstoves"]')?.textContent).toBe('Kenya cookstoves');
    expect(api.calls.map((call) => call.path)).toEqual([`/api/v1/certificates/${SERIAL}`]);
  });

  it('looks up a serial typed in lower case as written on the certificate', async () => {
    const api = stubApi({ [`GET /api/v1/certificates/${SERIAL}`]: () => json(200, { success: true, data: certificate }) });
    const { container } = renderPage(SERIAL.toLowerCase());
    await until(() => expect(container.textContent).toContain('Verified certificate'));
    expect(api.calls[0].path).toBe(`/api/v1/certificates/${SERIAL}`);
  });

  it('says when a certificate was voided', async () => {
    stubApi({ [`GET /api/v1/certificates/${SERIAL}`]: () => json(200, { success: true, data: { ...certificate, status: 'void' } }) });
    const { container } = renderPage(SERIAL);
    await until(() => expect(container.querySelector('[data-testid="certificate-status"]')?.textContent).toBe('Void certificate'));
    expect(container.textContent).toContain('This certificate is void: its order was refunded');
  });

  it('says plainly when and why it was voided, and where what remains is stated', async () => {
    const voided = { ...certificate, status: 'void', voidedAt: '2026-12-03T10:00:00.000Z', voidReason: 'Bought one tonne too many', replacedBySerial: 'GMC-2026-7YCL-AZDP-HMVS' };
    stubApi({ [`GET /api/v1/certificates/${SERIAL}`]: () => json(200, { success: true, data: voided }) });
    const { container } = renderPage(SERIAL);
    await until(() => expect(container.querySelector('[data-testid="certificate-status"]')?.textContent).toMatch(/^Void — refunded on (3 December 2026|December 3, 2026)$/));
    expect(container.textContent).toContain('Reason given: Bought one tonne too many');
    expect(container.querySelector('a[href="/certificates/GMC-2026-7YCL-AZDP-HMVS"]')).not.toBeNull();
    // Not dressed as a valid one: the card carries the void look (no green, tonnes struck through).
    expect(container.querySelector('article.certificate-card--void')).not.toBeNull();
  });

  it('shows "No certificate has this serial" for an unknown serial and for something that is not a serial', async () => {
    stubApi({
      [`GET /api/v1/certificates/${SERIAL}`]: () => json(404, { success: false, code: 'NOT_FOUND', message: 'No certificate has this serial' }),
      'GET /api/v1/certificates/HELLO': () => json(400, { success: false, code: 'VALIDATION_FAILED', message: 'This is not a certificate serial' }),
    });
    const unknown = renderPage(SERIAL);
    await until(() => expect(unknown.container.querySelector('h1')?.textContent).toBe('No certificate has this serial'));
    expect(unknown.container.textContent).toContain('was not issued by Carbonwise');
    expect(unknown.container.textContent).not.toContain('Verified certificate');
    cleanup();

    const malformed = renderPage('hello');
    await until(() => expect(malformed.container.querySelector('h1')?.textContent).toBe('No certificate has this serial'));
    expect(malformed.container.textContent).toContain('HELLO is not a certificate serial');
  });

  it('offers a retry when the check fails, and shows the certificate once it answers', async () => {
    let fail = true;
    stubApi({ [`GET /api/v1/certificates/${SERIAL}`]: () => (fail ? json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Something went wrong' }) : json(200, { success: true, data: certificate })) });
    const { container } = renderPage(SERIAL);
    await until(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('This certificate could not be checked'));
    fail = false;
    click(getButton(container, 'Try again'));
    await until(() => expect(container.textContent).toContain('Verified certificate'));
  });
});
